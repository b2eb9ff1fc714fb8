import { inject, injectable } from 'inversify';
import Joi from 'joi';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
} from '../../domain/webhooks/webhook';
import type { NewEndpointInput, WebhooksService } from '../../domain/webhooks/webhooks.service';
import { WEBHOOKS_SERVICE } from '../../domain/webhooks/webhooks.tokens';
import { cursorQuery, idParams, recordId } from '../crm/crm.schemas';
import { viewerOf } from '../crm/crm-routes';
import { id, NO_CONTENT, pageResponse, responseObject, timestamp } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';

const url = Joi.string()
  .trim()
  .max(2000)
  .description('Where events are POSTed: https (http only for localhost, outside production)');
const events = Joi.array()
  .items(Joi.string().valid(...WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .unique()
  .description('The events sent to it');
const description = Joi.string().trim().max(200).allow(null, '').description('What it is for');

const create = Joi.object<NewEndpointInput, true>({
  url: url.required(),
  events: events.required(),
  description,
  active: Joi.boolean().description('Default true'),
});
const change = Joi.object<WebhookEndpointChanges, true>({
  url,
  events,
  description,
  active: Joi.boolean().description('Turning it on again also clears what the system turned it off for'),
}).min(1);

const endpoint = responseObject({
  id,
  url: Joi.string(),
  description: Joi.string().allow(null),
  events: Joi.array().items(Joi.string().valid(...WEBHOOK_EVENTS)),
  active: Joi.boolean(),
  disabledReason: Joi.string()
    .allow(null)
    .description('Why the system turned it off (failing: every delivery failed for 24 hours)'),
  failingSince: timestamp.allow(null).description('When the current run of failed deliveries began'),
  createdAt: timestamp,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<WebhookEndpoint>);
const created = endpoint.keys({
  secret: Joi.string().description('whsec_ and 43 characters: signs every delivery; shown this once'),
});
const delivery = responseObject({
  id,
  eventId: Joi.string().description('The event id (Funil-Webhook-Id): the same on every try and redelivery'),
  eventType: Joi.string(),
  status: Joi.string().valid(...WEBHOOK_DELIVERY_STATUSES),
  attempts: Joi.number().integer().min(0),
  nextAttemptAt: timestamp.allow(null),
  lastAttemptAt: timestamp.allow(null),
  responseCode: Joi.number().integer().allow(null),
  responseBody: Joi.string().allow(null, '').description("The answer's first kilobyte"),
  error: Joi.string().allow(null).description('Why no answer came (a network error, the timeout)'),
  durationMs: Joi.number().integer().min(0).allow(null),
  createdAt: timestamp,
} satisfies Joi.StrictSchemaMap<WebhookDelivery>);
const deliveryParams = Joi.object<{ id: number; deliveryId: number }, true>({
  id: recordId.required(),
  deliveryId: Joi.number().integer().min(1).max(Number.MAX_SAFE_INTEGER).required(),
});

const BASE = '/api/admin/webhooks';

/** Webhook endpoints and their delivery log, for admins (never with an API key). */
@injectable()
export class WebhooksRouter implements HttpRouter {
  constructor(@inject(WEBHOOKS_SERVICE) private readonly webhooks: WebhooksService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: BASE,
        access: ['admin'],
        tag: 'webhooks',
        status: 201,
        summary: 'Adds an endpoint; the answer holds its signing secret, shown only this once',
        schemas: { body: create },
        response: created,
        errors: ['WEBHOOK.LIMIT_REACHED'],
        handler: ({ body }, req) => this.webhooks.create(viewerOf(req), body),
      }),
      defineRoute({
        method: 'get',
        path: BASE,
        access: ['admin'],
        tag: 'webhooks',
        summary: 'Every endpoint, newest first',
        response: responseObject({ items: Joi.array().items(endpoint) }),
        handler: async () => ({ items: await this.webhooks.list() }),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'webhooks',
        summary: 'One endpoint',
        schemas: { params: idParams },
        response: endpoint,
        errors: ['WEBHOOK.NOT_FOUND'],
        handler: ({ params }) => this.webhooks.get(params.id),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'webhooks',
        summary: 'Changes an endpoint: its address, events, description, or pauses and resumes it',
        schemas: { params: idParams, body: change },
        response: endpoint,
        errors: ['WEBHOOK.NOT_FOUND'],
        handler: ({ params, body }) => this.webhooks.update(params.id, body),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'webhooks',
        summary: 'Deletes an endpoint and its delivery log',
        schemas: { params: idParams },
        response: NO_CONTENT,
        errors: ['WEBHOOK.NOT_FOUND'],
        handler: async ({ params }) => {
          await this.webhooks.delete(params.id);
        },
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id/deliveries`,
        access: ['admin'],
        tag: 'webhooks',
        summary: "An endpoint's deliveries, newest first: status, tries, the answer's code and first kilobyte",
        schemas: { params: idParams, query: cursorQuery },
        response: pageResponse(delivery),
        errors: ['WEBHOOK.NOT_FOUND'],
        handler: ({ params, query }) => this.webhooks.deliveries(params.id, query),
      }),
      defineRoute({
        method: 'post',
        path: `${BASE}/:id/test`,
        access: ['admin'],
        tag: 'webhooks',
        status: 201,
        summary: 'Sends a webhook.test event to the endpoint now (paused or not); the answer is its first try',
        schemas: { params: idParams },
        response: delivery,
        errors: ['WEBHOOK.NOT_FOUND'],
        handler: ({ params }, req) => this.webhooks.test(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'post',
        path: `${BASE}/:id/deliveries/:deliveryId/redeliver`,
        access: ['admin'],
        tag: 'webhooks',
        status: 201,
        summary: 'Sends a delivered or failed event again (same event id), as a new delivery due now',
        schemas: { params: deliveryParams },
        response: delivery,
        errors: ['WEBHOOK_DELIVERY.NOT_FOUND'],
        handler: ({ params }) => this.webhooks.redeliver(params.id, params.deliveryId),
      }),
    ];
  }
}
