import Joi from 'joi';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ContactFields } from '../../domain/contacts/contact';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { contactFilter } from '../crm/contacts.router';
import { contactSchemas } from '../crm/contacts.schemas';
import { crudRoutes } from '../crm/crm-routes';
import { idParams } from '../crm/crm.schemas';
import { defineRoute, validate } from '../route';
import { ValidationError } from '../../domain/shared/app-error';

const base = {
  method: 'patch',
  path: '/api/crm/contacts/:id',
  access: 'public',
  summary: 'Change a contact',
  tag: 'contacts',
  response: null,
} as const;

describe('a route typed from its schemas', () => {
  it('hands the handler what joi let through, converted: numbers, dates, defaults, ignored fields gone', () => {
    const route = defineRoute({
      ...base,
      schemas: { params: idParams, query: contactSchemas.listQuery, body: contactSchemas.update },
      handler: ({ params, query, body }) => {
        expectTypeOf(params).toEqualTypeOf<{ id: number }>();
        expectTypeOf(query.owner).toEqualTypeOf<number | undefined>();
        expectTypeOf(query.limit).toEqualTypeOf<number>();
        expectTypeOf(body.status).toEqualTypeOf<ContactFields['status'] | undefined>();
        expectTypeOf(body.updatedAt).toEqualTypeOf<Date | undefined>();
      },
    });
    const input = validate(route.schemas, {
      params: { id: '7' },
      query: { owner: '3' },
      body: { score: '5', updatedAt: '2026-01-02T03:04:05Z', createdBy: 9 },
    });
    expect(input).toEqual({
      params: { id: 7 },
      query: { owner: 3, limit: 50, includeTotal: false },
      body: { score: 5, updatedAt: new Date('2026-01-02T03:04:05Z') },
    });
  });
});

describe('validate, on repeated inputs', () => {
  const input = (query: Record<string, string>, body?: object) => ({ params: {}, query, body });

  it('gives each empty query its defaults and a fresh object, every time', () => {
    const schemas = { query: contactSchemas.listQuery };
    const first = validate(schemas, input({})).query as Record<string, unknown>;
    expect(first).toEqual({ limit: 50, includeTotal: false });
    first.limit = 1;
    expect(validate(schemas, input({})).query).toEqual({ limit: 50, includeTotal: false });
  });

  it('takes an empty query as it is where nothing is asked for, a new object each time, and still checks a full one', () => {
    const schemas = { query: Joi.object({ owner: Joi.number().integer(), search: Joi.string() }) };
    const first = validate(schemas, input({})).query as Record<string, unknown>;
    expect(first).toEqual({});
    first.owner = 9;
    expect(validate(schemas, input({})).query).toEqual({});
    expect(validate(schemas, input({ owner: '4' })).query).toEqual({ owner: 4 });
    expect(() => validate(schemas, input({ owner: 'x' }))).toThrow(ValidationError);
  });

  it('refuses an empty body that lacks a required field, every time, naming it', () => {
    const schemas = { body: Joi.object({ name: Joi.string().required() }) };
    for (let i = 0; i < 2; i++) {
      const error = (() => {
        try {
          validate(schemas, input({}, {}));
        } catch (e) {
          return e as ValidationError;
        }
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect(error!.details).toEqual([expect.objectContaining({ path: 'name' })]);
    }
  });

  it("keeps a schema's own preferences over the routes' (conversion turned off stays off)", () => {
    const schemas = { query: Joi.object({ n: Joi.number() }).prefs({ convert: false }) };
    expect(() => validate(schemas, input({ n: '1' }))).toThrow(ValidationError);
    expect(validate({ query: Joi.object({ n: Joi.number() }) }, input({ n: '1' })).query).toEqual({ n: 1 });
  });
});

// Checked by the compiler (npm run typecheck), never called: each marked line must fail to compile.
export function driftDoesNotCompile(contacts: ContactsService) {
  const options = {
    path: '/x',
    tag: 'x',
    noun: ['x', 'xs'] as [string, string],
    resource: 'contact',
    service: contacts,
    toFilter: contactFilter,
  } as const;
  crudRoutes({ ...options, schemas: contactSchemas, notFound: 'CONTACT.NOT_FOUND' });
  // @ts-expect-error an error code that does not exist
  crudRoutes({ ...options, schemas: contactSchemas, notFound: 'CONTACT.NOT_FOND' });
  const wrongFilter = (q: { tag?: string }) => ({ status: q.tag });
  // @ts-expect-error a filter mapping that does not fit the use case's filter
  crudRoutes({ ...options, schemas: contactSchemas, notFound: 'CONTACT.NOT_FOUND', toFilter: wrongFilter });
  const tooLoose = { ...contactSchemas, create: contactSchemas.update };
  // @ts-expect-error a create body that lets through less than the use case needs (no required name)
  crudRoutes({ ...options, schemas: tooLoose, notFound: 'CONTACT.NOT_FOUND' });
  // @ts-expect-error a domain field without a schema
  const _missing: Joi.StrictSchemaMap<Pick<ContactFields, 'name' | 'email'>> = { name: Joi.string() };
  // @ts-expect-error a schema of the wrong kind for its field
  const _wrongKind: Joi.StrictSchemaMap<Pick<ContactFields, 'score'>> = { score: Joi.string() };
  // @ts-expect-error a typo in a route's error code
  defineRoute({ ...base, errors: ['CONTACT.NOT_FOND'], handler: () => undefined });
}
