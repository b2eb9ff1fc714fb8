import { ContainerModule } from 'inversify';
import { HTTP_ROUTER } from '../../domain/shared/shared.tokens';
import { TimelineService } from '../../domain/timeline/timeline.service';
import { TIMELINE_REPOSITORY, TIMELINE_SERVICE } from '../../domain/timeline/timeline.tokens';
import { TimelineRouter } from '../../http/crm/timeline.router';
import { KnexTimelineRepository } from '../../infrastructure/timeline/knex-timeline.repository';

export const timelineModule = new ContainerModule(({ bind }) => {
  bind(TIMELINE_REPOSITORY).to(KnexTimelineRepository).inSingletonScope();
  bind(TIMELINE_SERVICE).to(TimelineService).inSingletonScope();
  bind(TimelineRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(TimelineRouter);
});
