import { ContainerModule } from 'inversify';
import { ConsentsService } from '../../domain/privacy/consents.service';
import { CONSENT_REPOSITORY, CONSENTS_SERVICE } from '../../domain/privacy/privacy.tokens';
import { KnexConsentRepository } from '../../infrastructure/privacy/knex-consent.repository';

export const privacyModule = new ContainerModule(({ bind }) => {
  bind(CONSENT_REPOSITORY).to(KnexConsentRepository).inSingletonScope();
  bind(CONSENTS_SERVICE).to(ConsentsService).inSingletonScope();
});
