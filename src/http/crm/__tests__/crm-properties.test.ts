import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HTTP_ROUTER } from '../../../domain/shared/shared.tokens';
import type { HttpRouter, RouteDefinition } from '../../route';
import { expectErrorShape, useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const TABLES = ['contacts', 'deals', 'activities', 'pipeline_stages', 'email_templates', 'crm_timeline'];

/** A digest of every CRM row: equal digests mean nothing was written. */
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await crm.knex.raw(
      `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest from ${table} t`,
    );
    parts.push(rows[0].digest);
  }
  return parts.join(',');
}

// Values that are valid somewhere, at the edges, or plainly wrong.
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '9999999999.99',
    '10000000000.00',
    '0.001',
    '-1',
    'won',
    'lost',
    'prospecting',
    'completed',
    'pending',
    'task',
    'customer',
    '#3B82F6',
    '2026-02-30',
    '2026-12-01',
    '2026-12-01T10:00:00Z',
    '%_\\',
    'ação',
  ),
  fc.integer({ min: -5, max: 5 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 3 })), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

function keysOf(schema: { describe(): unknown } | undefined): string[] {
  const description = schema?.describe() as { keys?: Record<string, unknown> } | undefined;
  return Object.keys(description?.keys ?? {});
}

/** A body or query built from the route's own field names (and sometimes an unknown one). */
const fieldsFor = (keys: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, anyValue])) as Record<string, fc.Arbitrary<unknown>>, {
        requiredKeys: [],
      }),
      fc.option(fc.tuple(fc.constantFrom('hacker', 'id', 'createdAt', 'closedAt'), anyValue), { nil: undefined }),
    )
    .map(([known, extra]) => (extra ? { ...known, [extra[0]]: extra[1] } : known));

const pathValue = (name: string) =>
  name === 'pipeline'
    ? fc.constantFrom('default', 'other', 'x%2Fy', '%20')
    : fc.oneof(fc.constantFrom('1', '2', '3', '0', '-1', 'abc', '99999999999', '1.5'), fc.nat({ max: 40 }).map(String));

describe('every CRM endpoint under generated input', () => {
  it('never answers 5xx, always uses the error shape for 4xx, and changes nothing when it refuses', async () => {
    // A few records so generated ids often hit something.
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Prop contact' })).body;
    await crm.users.employee.post('/api/crm/deals', { title: 'Prop deal', contactId: contact.id });
    await crm.users.employee.post('/api/crm/activities', { subject: 'Prop activity', contactId: contact.id });

    const routes = crm.server.runtime.container
      .getAll<HttpRouter>(HTTP_ROUTER)
      .flatMap((r) => r.routes())
      .filter((r) => r.path.startsWith('/api/crm') || r.path === '/api/openapi.json');
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const outcomes = { accepted: 0, refused: 0 };

    for (const route of routes) {
      const request = requestFor(route);
      await fc.assert(
        fc.asyncProperty(
          request,
          fc.constantFrom('admin', 'employee', 'developer') as fc.Arbitrary<'admin' | 'employee' | 'developer'>,
          async (req, who) => {
            const before = await fingerprint();
            const res = await crm.users[who].request(route.method.toUpperCase(), req.url, req.body);
            expect(res.status, `${route.method} ${req.url} ${JSON.stringify(req.body)} -> ${res.text}`).toBeLessThan(
              500,
            );
            outcomes[res.status >= 400 ? 'refused' : 'accepted'] += 1;
            if (res.status >= 400) {
              expectErrorShape(res.body);
              expect(await fingerprint(), `${route.method} ${req.url} changed rows while refusing`).toBe(before);
            }
          },
        ),
        { numRuns: 12 },
      );
    }
    // Both kinds of input reached the endpoints: the property was tested on each side.
    expect(outcomes.accepted).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(100);
    // 12 inputs for each CRM route, each a request between two table counts: 25 s on PostgreSQL and up to 60 s on
    // the embedded database beside the browser suite, where the suite's 60 s default once ran out.
  }, 180_000);
});

function requestFor(route: RouteDefinition): fc.Arbitrary<{ url: string; body: unknown }> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(...names.map(pathValue));
  const query = fieldsFor(keysOf(route.schemas?.query));
  const body =
    route.method === 'get' || route.method === 'delete'
      ? fc.constant(undefined)
      : fieldsFor(keysOf(route.schemas?.body));
  return fc.tuple(params, query, body).map(([values, q, b]) => {
    let i = 0;
    const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(values[i++]));
    const search = new URLSearchParams(
      Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
    return { url: search ? `${path}?${search}` : path, body: b };
  });
}
