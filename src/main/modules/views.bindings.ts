import { ContainerModule } from 'inversify';
import { ViewsService } from '../../domain/views/views.service';
import { SAVED_VIEW_REPOSITORY, VIEW_CHECK, VIEWS_SERVICE } from '../../domain/views/views.tokens';
import { ListViewCheck } from '../../http/crm/view-check';
import { KnexSavedViewRepository } from '../../infrastructure/views/knex-saved-view.repository';

/** The view check reads the lists' own query schemas (the API's contract), so it lives with them in http. */
export const viewsModule = new ContainerModule(({ bind }) => {
  bind(SAVED_VIEW_REPOSITORY).to(KnexSavedViewRepository).inSingletonScope();
  bind(VIEW_CHECK).to(ListViewCheck).inSingletonScope();
  bind(VIEWS_SERVICE).to(ViewsService).inSingletonScope();
});
