import { inject, injectable } from 'inversify';
import type { ActivitiesService } from '../../domain/activities/activities.service';
import { ACTIVITIES_SERVICE } from '../../domain/activities/activities.tokens';
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
      toFilter: (q) => ({ assignedTo: q.assignedTo, type: q.type === 'all' ? undefined : q.type, status: q.status, contactId: q.contact, dealId: q.deal }),
      notFound: 'ACTIVITY.NOT_FOUND',
    });
  }
}
