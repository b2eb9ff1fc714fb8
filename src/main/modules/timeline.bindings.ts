import { ContainerModule } from 'inversify';
import { TimelineService } from '../../domain/timeline/timeline.service';
import { TIMELINE_REPOSITORY, TIMELINE_SERVICE } from '../../domain/timeline/timeline.tokens';
import { KnexTimelineRepository } from '../../infrastructure/timeline/knex-timeline.repository';

export const timelineModule = new ContainerModule(({ bind }) => {
  bind(TIMELINE_REPOSITORY).to(KnexTimelineRepository).inSingletonScope();
  bind(TIMELINE_SERVICE).to(TimelineService).inSingletonScope();
});
