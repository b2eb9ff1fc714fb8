import { inject, injectable } from 'inversify';
import type { CustomFieldsService } from '../../domain/custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../../domain/custom-fields/custom-fields.tokens';
import { NO_CONTENT } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor } from './crm-routes';
import { fieldResponses, fieldSchemas } from './fields.schemas';

const BASE = '/api/crm/fields';

/** Everyone reads the custom fields (forms and lists need them); admins define them. */
@injectable()
export class FieldsRouter implements HttpRouter {
  constructor(@inject(CUSTOM_FIELDS_SERVICE) private readonly fields: CustomFieldsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: BASE,
        access: accessFor('customField', 'read'),
        tag: 'custom-fields',
        summary: 'The custom fields of contacts, companies and deals, by entity and position; retired ones when asked',
        schemas: fieldSchemas.list,
        response: fieldResponses.fields,
        handler: async ({ query }) => ({ items: await this.fields.list(query.entity, query.includeRetired) }),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id`,
        access: accessFor('customField', 'read'),
        tag: 'custom-fields',
        summary: 'One custom field by id, retired or not (its definition as the list answers it)',
        schemas: fieldSchemas.get,
        response: fieldResponses.field,
        errors: ['FIELD.NOT_FOUND'],
        handler: ({ params }) => this.fields.get(params.id),
      }),
      defineRoute({
        method: 'post',
        path: BASE,
        access: accessFor('customField', 'create'),
        tag: 'custom-fields',
        summary: 'Add a field to contacts, companies or deals (last of its entity unless a position is given)',
        schemas: fieldSchemas.create,
        status: 201,
        response: fieldResponses.field,
        errors: ['FIELD.KEY_TAKEN', 'FIELD.LIMIT_REACHED'],
        handler: ({ body }) => this.fields.create(body),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: accessFor('customField', 'update'),
        tag: 'custom-fields',
        summary:
          'Relabel, require, rename or retire options, move, retire or restore a field (key, entity and type stay)',
        schemas: fieldSchemas.update,
        response: fieldResponses.field,
        errors: ['FIELD.NOT_FOUND', 'RESOURCE.CONFLICT'],
        handler: ({ params, body: { updatedAt, ...changes } }) => this.fields.update(params.id, changes, updatedAt),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:id`,
        access: accessFor('customField', 'delete'),
        tag: 'custom-fields',
        summary: 'Retire a field: hidden everywhere, every record keeps its value (PATCH retired: false restores it)',
        schemas: fieldSchemas.remove,
        response: NO_CONTENT,
        errors: ['FIELD.NOT_FOUND'],
        handler: async ({ params }) => {
          await this.fields.retire(params.id);
        },
      }),
    ];
  }
}
