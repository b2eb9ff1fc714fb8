import { inject, injectable } from 'inversify';
import { ROLES } from '../../domain/users/user';
import type { ViewsService } from '../../domain/views/views.service';
import { VIEWS_SERVICE } from '../../domain/views/views.tokens';
import { NO_CONTENT } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { idParams } from './crm.schemas';
import { pageOf, viewerOf } from './crm-routes';
import { viewResponses, viewSchemas } from './views.schemas';

const BASE = '/api/crm/views';
const tag = 'views';

/** Everyone saves views of the lists they read; the service decides who changes which. */
@injectable()
export class ViewsRouter implements HttpRouter {
  constructor(@inject(VIEWS_SERVICE) private readonly views: ViewsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: BASE,
        access: ROLES,
        tag,
        summary:
          "The signed-in person's saved views and the team's shared ones (of one list with entity), newest first; each with what went stale as warnings",
        schemas: { query: viewSchemas.list },
        response: viewResponses.page,
        handler: ({ query }, req) => this.views.list(viewerOf(req), query.entity, pageOf(query)),
      }),
      defineRoute({
        method: 'post',
        path: BASE,
        access: ROLES,
        tag,
        status: 201,
        summary:
          "Saves a list's filters, order, layout and table columns under a name (filters and order checked as the list's query checks them)",
        schemas: { body: viewSchemas.create },
        response: viewResponses.view,
        errors: ['VIEW.NAME_TAKEN', 'VIEW.LIMIT_REACHED'],
        handler: ({ body }, req) => this.views.create(viewerOf(req), body),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id`,
        access: ROLES,
        tag,
        summary: 'A saved view (own or shared), with what went stale as warnings',
        schemas: { params: idParams },
        response: viewResponses.view,
        errors: ['VIEW.NOT_FOUND'],
        handler: ({ params }, req) => this.views.get(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: ROLES,
        tag,
        summary: 'Renames, redefines, shares or unshares a view (its author; an admin too when it is shared)',
        schemas: { params: idParams, body: viewSchemas.update },
        response: viewResponses.view,
        errors: ['VIEW.NOT_FOUND', 'VIEW.READ_ONLY', 'VIEW.NAME_TAKEN'],
        handler: ({ params, body }, req) => this.views.update(viewerOf(req), params.id, body),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:id`,
        access: ROLES,
        tag,
        summary:
          'Deletes a view (its author; an admin too when it is shared); whoever opened the list with it no longer does',
        schemas: { params: idParams },
        response: NO_CONTENT,
        errors: ['VIEW.NOT_FOUND', 'VIEW.READ_ONLY'],
        handler: ({ params }, req) => this.views.delete(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'put',
        path: `${BASE}/:id/default`,
        access: ROLES,
        tag,
        summary: "Opens the view's list with it, for the signed-in person only (replacing the list's previous default)",
        schemas: { params: idParams },
        response: viewResponses.view,
        errors: ['VIEW.NOT_FOUND'],
        handler: ({ params }, req) => this.views.setDefault(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:id/default`,
        access: ROLES,
        tag,
        summary: 'The list opens with no view again, for the signed-in person (when this view was its default)',
        schemas: { params: idParams },
        response: viewResponses.view,
        errors: ['VIEW.NOT_FOUND'],
        handler: ({ params }, req) => this.views.clearDefault(viewerOf(req), params.id),
      }),
    ];
  }
}
