import type { Request } from 'express';
import type Joi from 'joi';
import { rolesAllowed, type CrmAction, type CrmResource } from '../../domain/crm/crm-access';
import type { Viewer } from '../../domain/shared/viewer';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import type { ErrorCode } from '../../domain/shared/app-error';
import { ROLES } from '../../domain/users/user';
import { NO_CONTENT, pageResponse } from '../response.schemas';
import { currentAuth, defineRoute, type Access, type RouteDefinition } from '../route';
import { idParams, type PageQuery, type Versioned } from './crm.schemas';

export function viewerOf(req: Request): Viewer {
  const { user } = currentAuth(req);
  return { id: user.id, role: user.role, ...(req.apiKey && { apiKey: req.apiKey.key.name }) };
}

/** Route access straight from the permission table. */
export function accessFor(resource: CrmResource, action: CrmAction): Access {
  const roles = rolesAllowed(resource, action);
  return roles.length === ROLES.length ? 'signed-in' : roles;
}

export function pageOf(query: PageQuery): PageRequest {
  return { limit: query.limit, cursor: query.cursor, includeTotal: query.includeTotal };
}

// Function-typed properties, not methods: the compiler checks parameters strictly, so a service whose input
// asks for more than its schema guarantees does not compile.
export interface CrudService<T, Filter, Fields, Changes> {
  list: (viewer: Viewer, filter: Filter, page: PageRequest) => Promise<Page<T>>;
  get: (viewer: Viewer, id: number) => Promise<T>;
  create: (viewer: Viewer, fields: Fields) => Promise<T>;
  update: (viewer: Viewer, id: number, changes: Changes, expectedUpdatedAt?: Date) => Promise<T>;
  remove: (viewer: Viewer, id: number) => Promise<void>;
}

/** `Query` is the list's filters as validated, `Fields` the create body, `Patch` the update body (with updatedAt). */
export interface CrudRoutesOptions<T, Filter, Query, Fields, Patch extends Versioned> {
  path: string;
  tag: string;
  /** Singular and plural, for the summaries. */
  noun: [string, string];
  resource: CrmResource;
  service: CrudService<T, Filter, Fields, Omit<Patch, 'updatedAt'>>;
  /** `item` is the record as every route but delete answers with it (lists: a page of them). */
  schemas: {
    listQuery: Joi.ObjectSchema<Query & PageQuery>;
    create: Joi.ObjectSchema<Fields>;
    update: Joi.ObjectSchema<Patch>;
    item: Joi.ObjectSchema;
  };
  toFilter(query: Query): Filter;
  /** What the list's summary adds after "newest first" (filters its query schema cannot name). */
  listNote?: string;
  notFound: ErrorCode;
  /** Extra error codes of create and update (both). */
  writeErrors?: ErrorCode[];
  /** Extra error codes of update only. */
  updateErrors?: ErrorCode[];
}

/** List, create, read, update and delete of one CRM record type, each with its permission and errors. */
export function crudRoutes<T, Filter, Query, Fields, Patch extends Versioned>(
  o: CrudRoutesOptions<T, Filter, Query, Fields, Patch>,
): RouteDefinition[] {
  const [one, many] = o.noun;
  const item = `${o.path}/:id`;
  return [
    defineRoute({
      method: 'get',
      path: o.path,
      access: accessFor(o.resource, 'read'),
      tag: o.tag,
      summary: `List ${many}, newest first${o.listNote ?? ''}`,
      schemas: { query: o.schemas.listQuery },
      response: pageResponse(o.schemas.item),
      handler: ({ query }, req) => o.service.list(viewerOf(req), o.toFilter(query), pageOf(query)),
    }),
    defineRoute({
      method: 'post',
      path: o.path,
      access: accessFor(o.resource, 'create'),
      tag: o.tag,
      summary: `Create a ${one}`,
      schemas: { body: o.schemas.create },
      status: 201,
      response: o.schemas.item,
      errors: o.writeErrors,
      handler: ({ body }, req) => o.service.create(viewerOf(req), body),
    }),
    defineRoute({
      method: 'get',
      path: item,
      access: accessFor(o.resource, 'read'),
      tag: o.tag,
      summary: `One ${one}`,
      schemas: { params: idParams },
      response: o.schemas.item,
      errors: [o.notFound],
      handler: ({ params }, req) => o.service.get(viewerOf(req), params.id),
    }),
    defineRoute({
      method: 'patch',
      path: item,
      access: accessFor(o.resource, 'update'),
      tag: o.tag,
      summary: `Change a ${one} (send updatedAt to be told of concurrent changes)`,
      schemas: { params: idParams, body: o.schemas.update },
      response: o.schemas.item,
      errors: [o.notFound, 'RESOURCE.CONFLICT', ...(o.writeErrors ?? []), ...(o.updateErrors ?? [])],
      handler: ({ params, body }, req) => {
        const { updatedAt, ...changes } = body;
        return o.service.update(viewerOf(req), params.id, changes, updatedAt);
      },
    }),
    defineRoute({
      method: 'delete',
      path: item,
      access: accessFor(o.resource, 'delete'),
      tag: o.tag,
      summary: `Delete a ${one}`,
      schemas: { params: idParams },
      response: NO_CONTENT,
      errors: [o.notFound],
      handler: async ({ params }, req) => {
        await o.service.remove(viewerOf(req), params.id);
      },
    }),
  ];
}
