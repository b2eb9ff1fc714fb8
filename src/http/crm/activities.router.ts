import { inject, injectable } from 'inversify';
import type { ActivitiesService } from '../../domain/activities/activities.service';
import type { ActivityOrder, ActivityType } from '../../domain/activities/activity';
import { ACTIVITIES_SERVICE } from '../../domain/activities/activities.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { activitySchemas } from './activities.schemas';
import { accessFor, crudRoutes, viewerOf } from './crm-routes';

const toFilter = (q: {
  assignedTo?: number;
  type?: ActivityType | 'all';
  contact?: number;
  deal?: number;
  company?: number;
  dueFrom?: Date;
  dueBefore?: Date;
}) => ({
  assignedTo: q.assignedTo,
  type: q.type === 'all' ? undefined : q.type,
  contactId: q.contact,
  dealId: q.deal,
  companyId: q.company,
  dueFrom: q.dueFrom,
  dueBefore: q.dueBefore,
});

@injectable()
export class ActivitiesRouter implements HttpRouter {
  constructor(@inject(ACTIVITIES_SERVICE) private readonly activities: ActivitiesService) {}

  routes(): RouteDefinition[] {
    const counts = defineRoute({
      method: 'get',
      path: '/api/crm/activities/counts',
      access: accessFor('activity', 'read'),
      tag: 'activities',
      summary: "How many activities the filters match, pending and completed (the list's two tabs)",
      schemas: { query: activitySchemas.countsQuery },
      response: activitySchemas.counts,
      handler: ({ query }, req) => this.activities.counts(viewerOf(req), toFilter(query)),
    });
    // Before /:id, which would take "counts" for an id.
    return [
      counts,
      ...crudRoutes({
        path: '/api/crm/activities',
        tag: 'activities',
        noun: ['activity', 'activities'],
        resource: 'activity',
        service: this.activities,
        schemas: activitySchemas,
        toFilter: (q) => ({
          ...toFilter(q),
          status: q.status,
          ...(q.sort
            ? { sort: { by: q.sort, order: q.order === 'desc' ? ('desc' as const) : ('asc' as const) } }
            : { order: q.order as ActivityOrder | undefined }),
        }),
        notFound: 'ACTIVITY.NOT_FOUND',
      }),
    ];
  }
}
