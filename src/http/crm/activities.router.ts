import { inject, injectable } from 'inversify';
import type { ActivitiesService } from '../../domain/activities/activities.service';
import { ACTIVITIES_SERVICE } from '../../domain/activities/activities.tokens';
import type { ActivityFilter } from '../../domain/activities/activity';
import type { HttpRouter, RouteDefinition } from '../route';
import { activitySchemas } from './activities.schemas';
import { crudRoutes } from './crm-routes';

@injectable()
export class ActivitiesRouter implements HttpRouter {
  constructor(@inject(ACTIVITIES_SERVICE) private readonly activities: ActivitiesService) {}

  routes(): RouteDefinition[] {
    return crudRoutes({
      path: '/api/crm/activities',
      tag: 'activities',
      noun: ['activity', 'activities'],
      resource: 'activity',
      service: this.activities,
      schemas: activitySchemas,
      toFilter: (q): ActivityFilter => ({
        assignedTo: q.assignedTo as number | undefined,
        type: q.type === 'all' ? undefined : (q.type as ActivityFilter['type']),
        status: q.status as ActivityFilter['status'],
        contactId: q.contact as number | undefined,
        dealId: q.deal as number | undefined,
      }),
      notFound: 'ACTIVITY.NOT_FOUND',
    });
  }
}
