import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Joi from 'joi';
import { HTTP_ROUTER } from '../../../domain/shared/shared.tokens';
import type { HttpRouter, RouteDefinition } from '../../route';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { CSV } from '../../response.schemas';
import { buildOpenApiDocument } from '../openapi-document';
import { API_INFO } from '../openapi.router';

const crm = useCrmServer();

type Content = Record<string, { schema: unknown }>;
type Operation = {
  parameters: { schema: unknown }[];
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
};

function* schemasIn(document: {
  components: { schemas: object };
  paths: Record<string, Record<string, Operation>>;
}): Generator<unknown> {
  yield* Object.values(document.components.schemas);
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) {
      for (const p of op.parameters) yield p.schema;
      if (op.requestBody) for (const c of Object.values(op.requestBody.content)) yield c.schema;
      for (const r of Object.values(op.responses)) for (const c of Object.values(r.content ?? {})) yield c.schema;
    }
  }
}

describe('GET /api/openapi.json', () => {
  it('is for developers and admins only', async () => {
    expect((await crm.users.employee.get('/api/openapi.json')).status).toBe(403);
    expect((await crm.server.client().get('/api/openapi.json')).status).toBe(401);
    expect((await crm.users.admin.get('/api/openapi.json')).status).toBe(200);
  });

  it('is an OpenAPI 3.1 document whose schemas are valid JSON Schema 2020-12', async () => {
    const { body: document } = await crm.users.developer.get('/api/openapi.json');
    // The OpenAPI Initiative's own 3.1 schema.
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // ...which refuses, say, a response without its description.
    const broken = structuredClone(document);
    delete broken.paths['/healthz'].get.responses['200'].description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
    // That schema takes any object as a Schema Object; each must also be valid JSON Schema 2020-12.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const schema of schemasIn(document)) {
      expect(ajv.validateSchema(schema as object), JSON.stringify(schema)).toBe(true);
    }
    // The body schemas accept what the API accepts and refuse what it refuses.
    const createDeal = ajv.compile(
      document.paths['/api/crm/deals'].post.requestBody.content['application/json'].schema,
    );
    expect(createDeal({ title: 'x', value: '9999999999.99' })).toBe(true);
    expect(createDeal({ title: 'x', value: '10000000000.00' })).toBe(false);
    expect(createDeal({ title: 'x', unknown: 1 })).toBe(false);
  });

  it('lists every route of the app with its error responses', async () => {
    const { body: document } = await crm.users.admin.get('/api/openapi.json');
    const routes = crm.server.runtime.container.getAll<HttpRouter>(HTTP_ROUTER).flatMap((r) => r.routes());
    expect(routes.length).toBeGreaterThan(30);
    // Every route but an older address kept for its clients (documented: false), which the document leaves out.
    for (const route of routes) {
      if (route.documented === false) {
        expect(document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method]).toBeUndefined();
        continue;
      }
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation.responses['500']).toBeDefined();
      if (route.access !== 'public') expect(operation.responses['401'], route.path).toBeDefined();
    }
    const patchContact = document.paths['/api/crm/contacts/{id}'].patch;
    expect(Object.keys(patchContact.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '500',
    ]);
    expect(patchContact.responses['409'].description).toContain('RESOURCE.CONFLICT');
    expect(document.paths['/api/crm/contacts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'status', 'tag', 'owner', 'limit', 'cursor', 'includeTotal']),
    );
    expect(document.paths['/api/crm/companies'].post.responses['409'].description).toContain('COMPANY.CNPJ_TAKEN');
    expect(document.paths['/api/crm/companies/{id}'].patch.responses['409'].description).toContain(
      'COMPANY.CNPJ_TAKEN',
    );
    expect(document.paths['/api/crm/companies'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'segment', 'owner', 'tag', 'city', 'uf', 'limit', 'cursor', 'includeTotal']),
    );
  });
});

describe('success responses in the document', () => {
  const route = (over: Partial<RouteDefinition>): RouteDefinition => ({
    method: 'get',
    path: '/x',
    access: 'public',
    summary: 's',
    tag: 't',
    response: null,
    handler: () => undefined,
    ...over,
  });
  const success = (over: Partial<RouteDefinition>) => {
    const responses = buildOpenApiDocument([route(over)], API_INFO).paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    return Object.fromEntries(
      Object.entries(responses['/x'][over.method ?? 'get'].responses).filter(([status]) => Number(status) < 300),
    );
  };

  it('shows the route schema under its status, nothing under 204 for a handler that returns nothing', () => {
    expect(
      success({ method: 'post', status: 201, response: Joi.object({ id: Joi.number().integer().required() }) }),
    ).toEqual({
      201: {
        description: 'Created',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { id: { type: 'integer' } },
              required: ['id'],
              additionalProperties: false,
            },
          },
        },
      },
    });
    expect(success({ method: 'delete', response: null })).toEqual({ 204: { description: 'No content' } });
  });

  it('shows a CSV file for a route that writes one', () => {
    expect(success({ response: CSV })).toEqual({
      200: { description: 'OK', content: { 'text/csv': { schema: { type: 'string' } } } },
    });
  });
});
