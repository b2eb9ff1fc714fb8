import { inject, injectable } from 'inversify';
import Joi from 'joi';
import { accessFor } from '../crm/crm-routes';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { responseObject } from '../response.schemas';
import { COOKIE_NAME } from '../session';
import { buildOpenApiDocument, type DocumentInfo } from './openapi-document';
import { ALL_ROUTES } from './openapi.tokens';

export const API_INFO: DocumentInfo = { title: 'Funil API', version: '0.1.0', sessionCookie: COOKIE_NAME };

@injectable()
export class OpenApiRouter implements HttpRouter {
  private document?: object;

  constructor(@inject(ALL_ROUTES) private readonly allRoutes: () => RouteDefinition[]) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/openapi.json',
        access: accessFor('apiDocument', 'read'),
        tag: 'system',
        summary: 'This OpenAPI 3.1 document, generated from the route schemas',
        // Described by the OpenAPI 3.1 specification itself; only its outline here.
        response: responseObject({
          openapi: Joi.string().pattern(/^3\.1\.\d+$/),
          info: Joi.object().unknown(true),
          paths: Joi.object().unknown(true),
        }).unknown(true),
        handler: () => (this.document ??= buildOpenApiDocument(this.allRoutes(), API_INFO)),
      }),
    ];
  }
}
