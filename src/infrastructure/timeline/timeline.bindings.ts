import { ContainerModule } from 'inversify';
import { HTTP_ROUTER } from '../../domain/shared/shared.tokens';
import { TimelineService } from '../../domain/timeline/timeline.service';
import { TIMELINE_REPOSITORY, TIMELINE_SERVICE } from '../../domain/timeline/timeline.tokens';
import { UNIT_OF_WORK } from '../../domain/crm/crm.tokens';
import { TimelineRouter } from '../../http/crm/timeline.router';
import { KnexUnitOfWork } from '../crm/knex-unit-of-work';
import { KnexTimelineRepository } from './knex-timeline.repository';

/** Also binds the CRM unit of work, which every CRM module shares. */
export const timelineModule = new ContainerModule(({ bind }) => {
  bind(UNIT_OF_WORK).to(KnexUnitOfWork).inSingletonScope();
  bind(TIMELINE_REPOSITORY).to(KnexTimelineRepository).inSingletonScope();
  bind(TIMELINE_SERVICE).to(TimelineService).inSingletonScope();
  bind(TimelineRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(TimelineRouter);
});
