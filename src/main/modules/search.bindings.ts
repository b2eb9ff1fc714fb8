import { ContainerModule } from 'inversify';
import { SearchService } from '../../domain/search/search.service';
import { SEARCH_REPOSITORY, SEARCH_SERVICE } from '../../domain/search/search.tokens';
import { KnexSearchRepository } from '../../infrastructure/search/knex-search.repository';

export const searchModule = new ContainerModule(({ bind }) => {
  bind(SEARCH_REPOSITORY).to(KnexSearchRepository).inSingletonScope();
  bind(SEARCH_SERVICE).to(SearchService).inSingletonScope();
});
