import { inject, injectable } from 'inversify';
import Joi from 'joi';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../domain/api-keys/api-key';
import type { ApiKeysService } from '../../domain/api-keys/api-keys.service';
import { API_KEYS_SERVICE } from '../../domain/api-keys/api-keys.tokens';
import { idParams } from '../crm/crm.schemas';
import { viewerOf } from '../crm/crm-routes';
import { id, NO_CONTENT, responseObject, timestamp } from '../response.schemas';
import { currentSession, defineRoute, type HttpRouter, type RouteDefinition } from '../route';

const scope = Joi.string()
  .valid(...API_KEY_SCOPES)
  .description('read: GET only; write: reads and writes');

const create = Joi.object<{ name: string; scope: ApiKeyScope; expiresAt?: Date | null }, true>({
  name: Joi.string().trim().min(1).max(80).required().description('What the key is for ("n8n", "site form")'),
  scope: scope.required(),
  expiresAt: Joi.date().iso().greater('now').allow(null).description('When it stops working; none: never'),
});

const key = responseObject({
  id,
  userId: id,
  userName: Joi.string().allow(null).description("The owner's name"),
  name: Joi.string(),
  prefix: Joi.string().description("The secret's first characters (funil_ and a few more): to tell keys apart"),
  scope,
  expiresAt: timestamp.allow(null),
  lastUsedAt: timestamp.allow(null).description('Written at most once a minute'),
  revokedAt: timestamp.allow(null),
  createdAt: timestamp,
} satisfies Joi.StrictSchemaMap<ApiKey>);
const keys = responseObject({ items: Joi.array().items(key) });
const created = key.keys({
  secret: Joi.string().description('The key itself (funil_ and 43 characters): shown this once, never again'),
});

const OWN = '/api/user/api-keys';
const ALL = '/api/admin/api-keys';

/**
 * A person's API keys, from their profile, and every key for an admin (settings). Only a person signed in manages keys:
 * a request made with a key never reaches these routes.
 */
@injectable()
export class ApiKeysRouter implements HttpRouter {
  constructor(@inject(API_KEYS_SERVICE) private readonly keys: ApiKeysService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: OWN,
        access: 'signed-in',
        tag: 'api-keys',
        status: 201,
        summary:
          'Creates an API key (Authorization: Bearer <secret>); the answer holds the secret, shown only this once',
        schemas: { body: create },
        response: created,
        errors: ['API_KEY.LIMIT_REACHED'],
        handler: ({ body }, req) => {
          currentSession(req);
          return this.keys.create(viewerOf(req), body);
        },
      }),
      defineRoute({
        method: 'get',
        path: OWN,
        access: 'signed-in',
        tag: 'api-keys',
        summary: 'Your API keys (revoked ones too), newest first',
        response: keys,
        handler: async (_input, req) => {
          currentSession(req);
          return { items: await this.keys.list(viewerOf(req)) };
        },
      }),
      defineRoute({
        method: 'delete',
        path: `${OWN}/:id`,
        access: 'signed-in',
        tag: 'api-keys',
        summary: 'Revokes one of your API keys: it stops working at once',
        schemas: { params: idParams },
        response: NO_CONTENT,
        errors: ['API_KEY.NOT_FOUND'],
        handler: async ({ params }, req) => {
          currentSession(req);
          await this.keys.revoke(viewerOf(req), params.id);
        },
      }),
      defineRoute({
        method: 'get',
        path: ALL,
        access: ['admin'],
        tag: 'api-keys',
        summary: "Everyone's API keys (revoked ones too), newest first",
        response: keys,
        handler: async (_input, req) => ({ items: await this.keys.list(viewerOf(req), true) }),
      }),
      defineRoute({
        method: 'delete',
        path: `${ALL}/:id`,
        access: ['admin'],
        tag: 'api-keys',
        summary: "Revokes anyone's API key: it stops working at once",
        schemas: { params: idParams },
        response: NO_CONTENT,
        errors: ['API_KEY.NOT_FOUND'],
        handler: async ({ params }, req) => {
          await this.keys.revoke(viewerOf(req), params.id);
        },
      }),
    ];
  }
}
