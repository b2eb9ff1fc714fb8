import { inject, injectable } from 'inversify';
import type { ActivitiesService } from '../../domain/activities/activities.service';
import { ACTIVITIES_SERVICE } from '../../domain/activities/activities.tokens';
import type { NotificationsService } from '../../domain/notifications/notifications.service';
import { NOTIFICATIONS_SERVICE } from '../../domain/notifications/notifications.tokens';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { notificationResponses, notificationSchemas as schemas } from './notifications.schemas';

@injectable()
export class NotificationsRouter implements HttpRouter {
  constructor(
    @inject(NOTIFICATIONS_SERVICE) private readonly notifications: NotificationsService,
    @inject(ACTIVITIES_SERVICE) private readonly activities: ActivitiesService,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/notifications',
        access: 'signed-in',
        summary: 'My notifications, newest first, with the unread count (the bell polls this)',
        tag: 'notifications',
        response: notificationResponses.page,
        schemas: { query: schemas.listQuery },
        handler: ({ query }, req) => this.notifications.list(currentAuth(req).user.id, query),
      }),
      defineRoute({
        method: 'post',
        path: '/api/notifications/:id/read',
        access: 'signed-in',
        summary: 'Marks one of my notifications read; answers the new unread count',
        tag: 'notifications',
        response: notificationResponses.unread,
        schemas: { params: schemas.idParams },
        errors: ['NOTIFICATION.NOT_FOUND'],
        handler: ({ params }, req) => this.notifications.markRead(currentAuth(req).user.id, params.id),
      }),
      defineRoute({
        method: 'get',
        path: '/api/notifications/settings',
        access: 'signed-in',
        summary: 'Where and in which language my reminder emails go',
        tag: 'notifications',
        response: schemas.settings,
        handler: (_input, req) => this.notifications.settings(currentAuth(req).user.id),
      }),
      defineRoute({
        method: 'put',
        path: '/api/notifications/settings',
        access: 'signed-in',
        summary:
          'Sets my reminder email address (null: none), language, time zone, and whether reminders e-mail me and the morning digest comes',
        tag: 'notifications',
        response: schemas.settings,
        schemas: { body: schemas.settingsBody },
        handler: ({ body }, req) => this.notifications.saveSettings(currentAuth(req).user.id, body),
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/activities/:id/reminder',
        access: 'signed-in',
        summary: "An activity's reminder lead time in minutes (null: none; default 15)",
        tag: 'activities',
        response: schemas.reminder,
        schemas: { params: schemas.idParams },
        errors: ['ACTIVITY.NOT_FOUND'],
        handler: async ({ params }, req) => ({
          minutes: await this.activities.reminder(currentAuth(req).user, params.id),
        }),
      }),
      defineRoute({
        method: 'put',
        path: '/api/crm/activities/:id/reminder',
        access: 'signed-in',
        summary:
          "Sets an activity's reminder lead time: 0, 5, 15, 30, 60 or 1440 minutes before it is due, or null for none",
        tag: 'activities',
        response: schemas.reminder,
        schemas: { params: schemas.idParams, body: schemas.reminder },
        errors: ['ACTIVITY.NOT_FOUND', 'AUTH.FORBIDDEN'],
        handler: async ({ params, body }, req) => ({
          minutes: await this.activities.setReminder(currentAuth(req).user, params.id, body.minutes),
        }),
      }),
    ];
  }
}
