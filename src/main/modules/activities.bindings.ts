import { ContainerModule } from 'inversify';
import { ActivitiesService } from '../../domain/activities/activities.service';
import { ACTIVITIES_SERVICE, ACTIVITY_REPOSITORY } from '../../domain/activities/activities.tokens';
import { KnexActivityRepository } from '../../infrastructure/activities/knex-activity.repository';

export const activitiesModule = new ContainerModule(({ bind }) => {
  bind(ACTIVITY_REPOSITORY).to(KnexActivityRepository).inSingletonScope();
  bind(ACTIVITIES_SERVICE).to(ActivitiesService).inSingletonScope();
});
