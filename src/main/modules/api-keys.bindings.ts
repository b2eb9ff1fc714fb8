import { ContainerModule } from 'inversify';
import { ApiKeysService } from '../../domain/api-keys/api-keys.service';
import { API_KEY_REPOSITORY, API_KEYS_SERVICE } from '../../domain/api-keys/api-keys.tokens';
import { KnexApiKeyRepository } from '../../infrastructure/api-keys/knex-api-key.repository';

export const apiKeysModule = new ContainerModule(({ bind }) => {
  bind(API_KEY_REPOSITORY).to(KnexApiKeyRepository).inSingletonScope();
  bind(API_KEYS_SERVICE).to(ApiKeysService).inSingletonScope();
});
