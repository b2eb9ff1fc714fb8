import { ContainerModule } from 'inversify';
import { HomeService } from '../../domain/home/home.service';
import { HOME_REPOSITORY, HOME_SERVICE } from '../../domain/home/home.tokens';
import { KnexHomeRepository } from '../../infrastructure/home/knex-home.repository';

export const homeModule = new ContainerModule(({ bind }) => {
  bind(HOME_REPOSITORY).to(KnexHomeRepository).inSingletonScope();
  bind(HOME_SERVICE).to(HomeService).inSingletonScope();
});
