import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrmUsers, type CrmUsers } from '../../src/http/crm/__tests__/crm-test-kit';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../support/test-server';
import { recordFigure, scale } from './support/figures';

// Bad input, part of the reliability suite: fast-check writes requests for every operation of the OpenAPI
// document (bodies and queries that fit its schemas, then mutated: wrong types, huge and deep values, NUL,
// invalid UTF-8 sent raw, confusables, SQL and LIKE characters, boundary numbers and dates, unknown fields,
// wrong content types, bad encodings in paths and queries) with a fixed seed. Each answer is held to:
// no 5xx; every 4xx in the error shape; the status and body the document gives the operation; and a
// refused request (4xx) leaves every table as it was (rows counted and newest row version, per table).

const SEED = 4242;
const RUNS = Number(process.env.BAD_INPUT_RUNS) || scale(10_000, 100_000);
const PASSWORD = 'correct horse battery';
const MISSING_ID = 999_999_999;

type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  description?: string;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, unknown>;
}
interface Op {
  method: string;
  template: string;
  operation: Operation;
  access: 'public' | 'admin' | 'report' | 'signed-in';
}
/** One generated request, as it goes on the wire. */
interface Wire {
  path: string;
  body?: Uint8Array<ArrayBuffer> | string;
  contentType?: string;
  /** What was done to it, for the report. */
  mutation: string;
}

let server: TestServer;
let users: CrmUsers;
let anonymous: TestClient;
let document: Document;
let ops: Op[];
const ajv = new Ajv2020({ allErrors: false, strict: false, validateFormats: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
/** Ids that exist, by what they are; path ids are drawn from these and from ids no record has. */
const ids = { record: [] as number[], victim: 0, stage: [] as number[] };

// ---------- values ----------

const NUL = 'a\u0000b';
const TEXT_ODDITIES = [
  NUL,
  '\u0000',
  'a\ud800b',
  '\udfff',
  'ok\u200bhidden',
  '\u202egnp.exe',
  'аdmin',
  'ｆｕｌｌ',
  'e\u0301',
  '👩🏽‍💻',
  '\ufeff',
  '\uffff',
  '%',
  '_',
  '%_%',
  "'",
  '"',
  ';--',
  "' OR '1'='1",
  '"; DROP TABLE contacts; --',
  '\\',
  '\\%',
  '$1',
  '?',
  '{{contact_name}}',
  '<script>alert(1)</script>',
  '',
  ' ',
  '\t\n',
  'x'.repeat(257),
  'x'.repeat(10_001),
  'é'.repeat(5000),
];
const NUMBER_ODDITIES = [
  0,
  -0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
];
const DATE_ODDITIES = [
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '2024-02-30',
  '1970-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '2030-13-01',
  '2030-01-01T25:00:00Z',
  'yesterday',
  '1e12',
];
const WRONG_TYPES: unknown[] = [null, true, 0, 'text', [], {}, [1, 'a', null], { nested: { a: 1 } }];

function deep(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...TEXT_ODDITIES),
  fc.constantFrom(...NUMBER_ODDITIES),
  fc.constantFrom(...DATE_ODDITIES),
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(deep(40), deep(12)),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const types = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A value the schema accepts, or close to it (the server's joi may be stricter than the document). */
function valid(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('x');
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, depth + 1)));
  if (schema.allOf?.length) return valid(schema.allOf[0], depth + 1);
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => valid({ ...schema, type }, depth + 1)));
  switch (kinds[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      return fc.oneof(
        fc.integer({ min, max: Math.min(max, min + 1000) }),
        fc.constantFrom(min, max),
        fc.constantFrom(...ids.record),
      );
    }
    case 'number':
      return fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 1, 99.99));
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(valid(schema.items, depth + 1), {
        maxLength: Math.min(Number(schema.maxItems ?? 4), 4),
        minLength: Math.min(Number(schema.minItems ?? 0), 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      if (!Object.keys(properties).length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valid(s, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const max = Math.min(Number(schema.maxLength ?? 40), 40);
  const min = Math.min(Number(schema.minLength ?? 0), max);
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= Number(schema.maxLength ?? 254));
    default:
      if (typeof schema.pattern === 'string') {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern, 'u'))
            .filter((s) => s.length <= Number(schema.maxLength ?? 1000) && s.length >= min);
        } catch {
          // A pattern only joi reads: any text.
        }
      }
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max }),
        fc.constantFrom('default', 'won', 'lead', 'Ana Souza', 'vip'),
      );
  }
}

/** A JSON object with one field (known or not) set to a bad value, or a wholly wrong body. */
function mutatedBody(schema: Schema | undefined): fc.Arbitrary<{ value: unknown; mutation: string }> {
  const keys = Object.keys(schema?.properties ?? {});
  return fc.oneof(
    fc
      .tuple(valid(schema), fc.constantFrom(...keys, 'unknownField', '__proto__', 'constructor'), badValue)
      .map(([base, key, bad]) => ({
        value: { ...(typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {}), [key]: bad },
        mutation: `field ${key} set to a bad value`,
      })),
    badValue.map((value) => ({ value, mutation: 'the whole body a bad value' })),
    // Over the 100 KB a JSON body may have (a URL that long is cut by Node at 16 KB with 431, before the app).
    valid(schema).map((base) => ({
      value: { ...(typeof base === 'object' && base !== null ? base : {}), huge: 'x'.repeat(120_000) },
      mutation: 'body over 100 KB',
    })),
  );
}

/** Bytes and content types no JSON parser should take for a body. */
const rawBodies = fc.constantFrom<{ body: Uint8Array<ArrayBuffer> | string; contentType: string; mutation: string }>(
  {
    body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]),
    contentType: 'application/json',
    mutation: 'invalid UTF-8',
  },
  { body: new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), contentType: 'application/json', mutation: 'UTF-8 BOM' },
  {
    body: '{"name": "a\\u0000b", "title": "a\\u0000b", "subject": "a\\u0000b", "label": "a\\u0000b", "username": "a\\u0000b"}',
    contentType: 'application/json',
    mutation: 'escaped NUL in every usual field',
  },
  {
    body: '{"name": "\\ud800", "title": "\\udc00x", "subject": "\\ud83d"}',
    contentType: 'application/json',
    mutation: 'lone surrogates',
  },
  { body: '{"name":', contentType: 'application/json', mutation: 'truncated JSON' },
  {
    body: `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}`,
    contentType: 'application/json',
    mutation: 'arrays 30,000 deep',
  },
  { body: `{"a":"${'x'.repeat(200_000)}"}`, contentType: 'application/json', mutation: 'body over 100 KB' },
  { body: '"just a string"', contentType: 'application/json', mutation: 'a JSON string' },
  { body: 'name=Ana', contentType: 'application/x-www-form-urlencoded', mutation: 'form-encoded' },
  { body: '{"name":"Ana"}', contentType: 'text/plain', mutation: 'JSON as text/plain' },
  { body: '{"name":"Ana"}', contentType: 'application/json; charset=latin1', mutation: 'JSON in latin1' },
  { body: '{"name":"Ana"}', contentType: 'application/json; charset=utf-16', mutation: 'JSON said to be UTF-16' },
  {
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\n\r\nNome\nB\u0000b\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    mutation: 'multipart with NUL',
  },
  {
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nNome,"x\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    mutation: 'multipart, CSV quote never closed',
  },
  { body: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x', mutation: 'multipart cut short' },
  { body: '{}', contentType: 'application/json', mutation: 'empty object' },
);

// ---------- paths and queries ----------

// No `..`: fetch resolves it (and %2E%2E) before sending, which calls another route.
const BAD_SEGMENTS = [
  '%E0%A4%A',
  '%ZZ',
  '%',
  '%00',
  '%C0%AF',
  'a%2Fb',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  'ｌ',
  '١٢',
  "1'--",
  '%27%20OR%201%3D1',
  'x'.repeat(300),
];
const BAD_QUERY_VALUES = [
  '%E0%A4%A',
  '%',
  '%FF',
  '%00',
  'a%00b',
  '%25',
  '%5F',
  "'",
  '%22',
  '--',
  '1e309',
  '-1',
  '99999999999999999999',
  '2024-02-30',
  'true',
  '',
  'x'.repeat(3000),
  '%D0%B0dmin',
  '%E2%80%AE',
];

function segment(param: Parameter, template: string): fc.Arbitrary<string> {
  if (param.name === 'pipeline') return fc.constantFrom('default', 'default', 'other');
  // Session-ending or account-changing routes of the signed-in test users: only the victim's id or none.
  if (template.startsWith('/api/admin/users/') || template.startsWith('/api/user/sessions/'))
    return fc.constantFrom(String(ids.victim), String(MISSING_ID));
  if (template.includes('pipeline-stages') && param.name === 'id')
    return fc.constantFrom(...ids.stage.map(String), String(MISSING_ID));
  return fc.constantFrom(...ids.record.map(String), String(MISSING_ID));
}

/** Percent-encoded; a lone surrogate (no UTF-8 form) as the bytes a CESU-8 writer would send, which are not UTF-8 either. */
function queryText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function query(params: Parameter[]): fc.Arbitrary<{ text: string; mutation?: string }> {
  const valids = params.map((p) =>
    fc.option(
      valid(p.schema).map((v) => `${encodeURIComponent(p.name)}=${queryText(v)}`),
      { nil: undefined, freq: 2 },
    ),
  );
  const good = fc.tuple(...valids).map((parts) => ({ text: parts.filter(Boolean).join('&') }));
  const names = [...params.map((p) => p.name), 'unknown', 'search[]', '__proto__'];
  const bad = fc
    .tuple(
      good,
      fc.constantFrom(...names),
      fc.oneof(
        fc.constantFrom(...BAD_QUERY_VALUES),
        badValue.map((v) => queryText(v).slice(0, 4000)),
      ),
      fc.boolean(),
    )
    .map(([base, name, value, twice]) => ({
      text: [base.text, `${name}=${value}`, twice ? `${name}=${value}` : ''].filter(Boolean).join('&'),
      mutation: `query ${name}=${value.slice(0, 40)}${twice ? ' twice' : ''}`,
    }));
  return fc.oneof({ arbitrary: good, weight: 1 }, { arbitrary: bad, weight: 2 });
}

function request(op: Op): fc.Arbitrary<Wire> {
  const pathParams = (op.operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.operation.parameters ?? []).filter((p) => p.in === 'query');
  const segments = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { arbitrary: segment(p, op.template), weight: 4 },
        { arbitrary: fc.constantFrom(...BAD_SEGMENTS), weight: 1 },
      ),
    ),
  );
  const bodySchema = op.operation.requestBody?.content['application/json']?.schema;
  const takesBody = op.method !== 'get' && op.method !== 'delete';
  type Body = { body?: Uint8Array<ArrayBuffer> | string; contentType?: string; mutation: string };
  const body: fc.Arbitrary<Body> = !takesBody
    ? fc.constant({ mutation: '' })
    : fc.oneof(
        {
          arbitrary: valid(bodySchema).map((value) => ({
            body: JSON.stringify(value),
            contentType: 'application/json',
            mutation: 'body from the schema',
          })),
          weight: 2,
        },
        {
          arbitrary: mutatedBody(bodySchema).map(({ value, mutation }) => ({
            body: JSON.stringify(value) ?? 'null',
            contentType: 'application/json',
            mutation,
          })),
          weight: 4,
        },
        { arbitrary: rawBodies, weight: 2 },
      );
  return fc.tuple(segments, query(queryParams), body).map(([values, q, b]) => {
    let i = 0;
    const path = op.template.replace(/\{(\w+)\}/g, () => values[i++]);
    const badSegment = values.find((v) => BAD_SEGMENTS.includes(v));
    return {
      path: path + (q.text ? `?${q.text}` : ''),
      body: b.body,
      contentType: b.contentType,
      mutation:
        [badSegment && `path segment ${badSegment.slice(0, 30)}`, q.mutation, b.mutation].filter(Boolean).join('; ') ||
        'as documented',
    };
  });
}

// ---------- checks ----------

function validator(key: string, schema: Schema): ValidateFunction {
  let found = validators.get(key);
  if (!found) {
    // The document's components travel along, so its `#/components/schemas/Error` references resolve.
    found = ajv.compile({ ...schema, components: document.components });
    validators.set(key, found);
  }
  return found;
}

/** Rows written so far, per table. */
let fingerprintSql = '';
async function fingerprint(): Promise<Map<string, string>> {
  const { rows } = await server.runtime.db.knex.raw<{ rows: { t: string; f: string }[] }>(fingerprintSql);
  return new Map(rows.map((r) => [r.t, r.f]));
}

/** Operations that end the caller's session or change its password: sent without a session (401, or nothing to end). */
const SESSION_ENDING = new Set(['post /api/logout', 'post /api/user/password']);

function clientFor(op: Op, n: number): TestClient {
  if (SESSION_ENDING.has(`${op.method} ${op.template}`)) return anonymous;
  if (op.access === 'public') return n % 3 === 0 ? users.employee : anonymous;
  if (op.access === 'admin') return users.admin;
  if (op.access === 'report') return n % 2 ? users.admin : users.developer;
  return n % 2 ? users.employee : users.admin;
}

async function send(client: TestClient, op: Op, wire: Wire) {
  const res = await fetch(client.baseUrl + wire.path, {
    method: op.method.toUpperCase(),
    redirect: 'manual',
    headers: {
      origin: client.baseUrl,
      'x-forwarded-for': client.ip,
      ...(client.cookies.size && { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
      ...(wire.contentType && { 'content-type': wire.contentType }),
    },
    body: wire.body,
  });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair.indexOf('=');
    if (!pair.slice(eq + 1) || /expires=Thu, 01 Jan 1970/i.test(cookie)) client.cookies.delete(pair.slice(0, eq));
    else client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, body };
}

// ---------- the run ----------

/** Refusals that write a security event by design; nothing else may change. */
const RECORDED_REFUSALS = new Set([
  'AUTH.INVALID_CREDENTIALS',
  'AUTH.TOO_MANY_ATTEMPTS',
  'AUTH.WRONG_PASSWORD',
  'AUTH.ACCOUNT_DISABLED',
]);

beforeAll(async () => {
  // No workers: a job (an import, a report refresh) writing later would look like a refused request's write.
  server = await startTestServer({}, { runWorkers: false });
  users = await createCrmUsers(server);
  anonymous = server.client();
  document = (await users.admin.get('/api/openapi.json')).body;
  const knex = server.runtime.db.knex;
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'knex%' order by 1",
  );
  // Every row written, counted per table by a trigger of the test's own (committed writes only: a rolled-back
  // transaction takes its counts with it), so comparing before and after is one small read per request.
  // Sessions count inserts and deletes only: any signed-in request may note when its session was last seen.
  await knex.raw('create table fuzz_writes (t text primary key, n bigint not null)');
  await knex.raw(`create function fuzz_count() returns trigger language plpgsql as $$
    begin insert into fuzz_writes values (TG_TABLE_NAME, 1) on conflict (t) do update set n = fuzz_writes.n + 1; return null; end $$`);
  for (const { name } of rows) {
    await knex.raw(
      `create trigger fuzz_count after ${name === 'sessions' ? 'insert or delete' : 'insert or update or delete'} on ?? for each row execute function fuzz_count()`,
      [name],
    );
  }
  fingerprintSql = 'select t, n::text as f from fuzz_writes';

  // Records for path ids to point at, and a user whose account the admin routes may change.
  const { admin, employee } = users;
  const contact = (await employee.post('/api/crm/contacts', { name: 'Fuzz target', tags: ['vip'] })).body;
  const deal = (await employee.post('/api/crm/deals', { title: 'Fuzz deal', contactId: contact.id })).body;
  const activity = (await employee.post('/api/crm/activities', { subject: 'Fuzz task', contactId: contact.id })).body;
  const template = (
    await admin.post('/api/crm/templates', { name: 'Fuzz template', subject: 'Hi {{contact_name}}', body: 'Body' })
  ).body;
  const saved = (
    await admin.post('/api/crm/saved-reports', {
      name: 'Fuzz report',
      definition: { entity: 'deals', measure: 'count', groupBy: 'owner' },
    })
  ).body;
  const reason = (await admin.post('/api/crm/lost-reasons', { label: 'Fuzz reason' })).body;
  const victim = (
    await admin.post('/api/admin/users', {
      username: uniqueName('victim'),
      name: 'Victim',
      initials: 'VI',
      role: 'employee',
      temporaryPassword: PASSWORD,
    })
  ).body;
  ids.record = [contact.id, deal.id, activity.id, template.id, saved.id, reason.id].filter(
    (id): id is number => typeof id === 'number',
  );
  ids.victim = victim.id;
  ids.stage = (await admin.get('/api/crm/pipeline-stages/default')).body.items.map((s: { id: number }) => s.id);
  expect(ids.record).toHaveLength(6);

  ops = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const description = operation.description ?? '';
      const access: Op['access'] = description.startsWith('Open to anybody')
        ? 'public'
        : description === 'Roles: admin.'
          ? 'admin'
          : description.startsWith('Roles:') && !description.includes('employee')
            ? 'report'
            : 'signed-in';
      return { method, template, operation, access };
    }),
  );
});

afterAll(async () => {
  await server?.stop();
});

describe('bad input', () => {
  it(`every operation of the document, ${RUNS} generated requests (seed ${SEED}): no 5xx, the error shape, the document's answers, refused requests change nothing`, async () => {
    expect(ops.length).toBeGreaterThan(80);
    const fuzzed = ops;
    const statuses = new Map<number, number>();
    const covered = new Set<string>();
    const violations: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    let before = await fingerprint();

    // Built once per operation: the generators themselves (patterns compiled, schemas walked) are not free.
    const requests = fuzzed.map((op) => request(op).map((wire) => ({ op, wire })));
    const arbitrary = fc.nat({ max: fuzzed.length - 1 }).chain((i) => requests[i]);
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ op, wire }) => {
        const key = `${op.method} ${op.template}`;
        const res = await send(clientFor(op, sent), op, wire);
        sent += 1;
        covered.add(key);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const label = `${op.method.toUpperCase()} ${wire.path.slice(0, 120)} [${wire.mutation}] -> ${res.status} ${res.text.slice(0, 200)}`;
        const fail = (why: string) => violations.length < 200 && violations.push(`${why}: ${label}`);
        if (res.status >= 500) {
          serverErrors += 1;
          fail('5xx');
        }
        const documented = op.operation.responses[String(res.status)];
        if (!documented) fail('status not in the document');
        if (res.status >= 400) {
          const error = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
          if (typeof error?.code !== 'string' || typeof error.message !== 'string') fail('not the error shape');
          if (
            /select |insert |update |delete from|syntax error|invalid byte sequence|unsupported unicode|violates|at [\w/.]+\.[jt]s:\d+/i.test(
              res.text,
            )
          )
            fail('SQL or a stack in the answer');
        }
        const schema = documented?.content?.['application/json']?.schema;
        if (documented?.content?.['text/csv']) {
          if (!res.contentType.startsWith('text/csv')) fail('not CSV');
        } else if (documented?.content?.['text/html']) {
          if (!res.contentType.startsWith('text/html')) fail('not HTML');
        } else if (schema) {
          const validate = validator(`${key} ${res.status}`, schema);
          if (!validate(res.body)) fail(`body does not match the document (${ajv.errorsText(validate.errors)})`);
        }
        const after = await fingerprint();
        if (res.status >= 400 && res.status < 500) {
          const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code ?? '';
          // A failed sign-in or password check is recorded as a security event on purpose (the admin's log).
          const allowed = RECORDED_REFUSALS.has(code) ? ['security_events'] : [];
          const changed = [...after]
            .filter(([table, n]) => before.get(table) !== n && !allowed.includes(table))
            .map(([table]) => table);
          if (changed.length) fail(`refused, yet changed ${changed.join(', ')}`);
        }
        before = after;
        return true;
      }),
      { seed: SEED, numRuns: RUNS },
    );

    const seconds = (performance.now() - started) / 1000;
    recordFigure({ part: 'bad-input', name: 'operations covered', value: `${covered.size} of ${ops.length}` });
    recordFigure({ part: 'bad-input', name: 'requests sent', value: sent, unit: 'req' });
    recordFigure({
      part: 'bad-input',
      name: 'statuses seen',
      value: [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    });
    recordFigure({
      part: 'bad-input',
      name: 'requests per second, each checked (table counts read after each)',
      value: Math.round(sent / seconds),
      unit: 'req/s',
    });
    recordFigure({ part: 'bad-input', name: '5xx answers', value: serverErrors });
    recordFigure({ part: 'bad-input', name: 'invariant violations', value: violations.length });
    expect(violations).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(Math.min(RUNS, 10_000));
    expect(covered.size).toBe(fuzzed.length);
    // The users the run signed in are still signed in and unchanged.
    for (const client of [users.admin, users.employee, users.developer])
      expect((await client.get('/api/user')).status).toBe(200);
  });
});
