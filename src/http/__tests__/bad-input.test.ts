import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../tests/support/test-server';
import { uniqueName } from '../../../tests/support/test-server';
import { expectErrorShape, useCrmServer } from '../crm/__tests__/crm-test-kit';

// Issue 14, findings 4, 7 and 8: NUL, lone surrogates, deep JSON, bad encodings, invalid UTF-8 and formula cells.

const crm = useCrmServer();

/** Rows and the newest row version of every table: a refused request must leave all of them as they were. */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await crm.knex.raw<{ rows: { name: string }[] }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'knex%' order by table_name",
  );
  const out: Record<string, string> = {};
  for (const { name: tableName } of rows) {
    const {
      rows: [row],
    } = await crm.knex.raw<{ rows: { n: string; x: string | null }[] }>(
      'select count(*)::text as n, max(xmin::text::bigint)::text as x from ??',
      [tableName],
    );
    out[tableName] = `${row.n}/${row.x}`;
  }
  return out;
}

/** Sends bytes as they are, with the client's cookies and origin. */
async function raw(
  client: TestClient,
  method: string,
  path: string,
  body?: Uint8Array<ArrayBuffer> | string,
  contentType = 'application/json',
): Promise<Answer> {
  const res = await fetch(client.baseUrl + path, {
    method,
    headers: {
      origin: client.baseUrl,
      'x-forwarded-for': client.ip,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(body !== undefined && { 'content-type': contentType }),
    },
    body,
  });
  const text = await res.text();
  let json: Answer['body'];
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text };
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever came back
  body: any;
  text: string;
}

/** A 400 in the error shape whose details name `path`, with no SQL or driver words in it. */
function expectRefused(res: Answer, path: string) {
  expect(res.status, res.text).toBe(400);
  expectErrorShape(res.body);
  expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  expect(res.text).not.toMatch(
    /insert|select|update|syntax|invalid byte sequence|unsupported Unicode|0x00|pglite|postgres/i,
  );
}

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('NUL and lone surrogates', () => {
  it('refuses a NUL in a contact field with 400 naming it, writing nothing', async () => {
    const before = await fingerprint();
    expectRefused(await crm.users.employee.post('/api/crm/contacts', { name: 'Ana\u0000Souza' }), 'name');
    expectRefused(
      await crm.users.employee.post('/api/crm/contacts', { name: 'Ana', tags: ['ok', 'b\u0000d'] }),
      'tags.1',
    );
    expectRefused(
      await crm.users.employee.post('/api/crm/contacts', { name: 'Ana', customFields: { note: 'x\u0000' } }),
      'customFields.note',
    );
    expectRefused(
      await crm.users.employee.post('/api/crm/contacts', { name: 'Ana', customFields: { 'k\u0000': 1 } }),
      'customFields',
    );
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses a NUL in an update, leaving the contact as it was', async () => {
    const { body: contact } = await crm.users.employee.post('/api/crm/contacts', { name: 'Before NUL' });
    const before = await fingerprint();
    expectRefused(
      await crm.users.employee.patch(`/api/crm/contacts/${contact.id}`, { position: 'A\u0000B' }),
      'position',
    );
    expect(await fingerprint()).toEqual(before);
    expect((await crm.users.employee.get(`/api/crm/contacts/${contact.id}`)).body.position).toBeNull();
  });

  it('refuses a lone surrogate, which PostgreSQL would take for invalid UTF-8', async () => {
    const before = await fingerprint();
    expectRefused(await raw(crm.users.employee, 'POST', '/api/crm/contacts', '{"name":"Ana \\ud800 Souza"}'), 'name');
    expectRefused(await raw(crm.users.employee, 'POST', '/api/crm/contacts', '{"name":"Ana \\udc00"}'), 'name');
    expect(await fingerprint()).toEqual(before);
    // A pair is a character like any other.
    expect((await raw(crm.users.employee, 'POST', '/api/crm/contacts', '{"name":"Ana \\ud83d\\ude00"}')).status).toBe(
      201,
    );
  });

  it('refuses a NUL in ?search= and in a path parameter', async () => {
    expectRefused(await crm.users.employee.get('/api/crm/contacts?search=a%00b'), 'query.search');
    expectRefused(await crm.users.employee.get('/api/crm/search?q=%00'), 'query.q');
    expectRefused(await crm.users.admin.get('/api/crm/pipeline-stages/de%00fault'), 'params.pipeline');
  });

  it('refuses a NUL in the sign-in username with 400, counting no failed attempt', async () => {
    const anonymous = crm.server.client();
    const before = await fingerprint();
    for (let i = 0; i < 3; i++)
      expectRefused(
        await anonymous.post('/api/login', { username: 'adm\u0000in', password: 'whatever password' }),
        'username',
      );
    expect(await fingerprint()).toEqual(before);
  });
});

describe('deep and large JSON', () => {
  it('refuses customFields nested 5,000 levels with 400 naming the field', async () => {
    const before = await fingerprint();
    // Written as text: JSON.stringify itself would overflow the test's stack.
    const body = `{"name":"Deep","customFields":{"x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`;
    expectRefused(await raw(crm.users.employee, 'POST', '/api/crm/contacts', body), 'customFields');
    // 50,000 arrays fit in the 100 KB a body may have.
    const arrays = await raw(
      crm.users.employee,
      'POST',
      '/api/crm/contacts',
      `{"name":"Deep","tags":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    );
    expect(arrays.status, arrays.text).toBe(400);
    expectErrorShape(arrays.body);
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses customFields nested deeper than its bound; shallower ones go on to the fields, which name the key', async () => {
    expectRefused(
      await crm.users.employee.post('/api/crm/contacts', { name: 'Deep', customFields: { x: deep(12) } }),
      'customFields',
    );
    const shallow = await crm.users.employee.post('/api/crm/contacts', {
      name: 'Shallow',
      customFields: { x: deep(4) },
    });
    expectRefused(shallow, 'customFields.x');
  });

  it('refuses customFields larger than 16 KB as JSON', async () => {
    const res = await crm.users.employee.post('/api/crm/contacts', {
      name: 'Big',
      customFields: { a: 'x'.repeat(9000), b: 'y'.repeat(9000) },
    });
    expectRefused(res, 'customFields');
  });

  it('refuses any body nested deeper than 32 levels, whatever the route', async () => {
    expectRefused(
      await crm.users.admin.post('/api/crm/reports/run', { entity: 'deals', filters: deep(40) }),
      'filters',
    );
  });
});

describe('multipart uploads', () => {
  it('answers 400 to a form cut short inside the file, and keeps serving', async () => {
    const cut = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nNome\nAna';
    const res = await raw(
      crm.users.employee,
      'POST',
      '/api/crm/contacts/import/preview',
      cut,
      'multipart/form-data; boundary=x',
    );
    expect(res.status, res.text).toBe(400);
    expectRefused(res, 'file');
    expect((await crm.users.employee.get('/api/user')).status).toBe(200);
  });
});

describe('encodings', () => {
  it('answers 400 to a bad percent-encoding in the path', async () => {
    for (const path of ['/api/crm/contacts/%E0%A4%A', '/api/crm/pipeline-stages/%E0%A4%A', '/api/crm/contacts/%ZZ']) {
      const res = await crm.users.employee.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expectErrorShape(res.body);
    }
  });

  it('answers a URL past the 16 KB header limit with 431 in the error shape, and keeps serving', async () => {
    const res = await crm.users.employee.get(`/api/crm/contacts?search=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.body.error.code).toBe('REQUEST.TOO_LARGE');
    expect((await crm.users.employee.get('/api/crm/contacts?limit=1')).status).toBe(200);
  });

  it('answers 400 naming the parameter to a bad percent-encoding in the query', async () => {
    expectRefused(await crm.users.employee.get('/api/crm/contacts?search=%E0%A4%A'), 'query.search');
    expectRefused(await crm.users.employee.get('/api/crm/contacts?search=%FF'), 'query.search');
  });

  it('refuses a JSON body that is not valid UTF-8, writing nothing', async () => {
    const before = await fingerprint();
    const body = Buffer.concat([Buffer.from('{"name":"Ana '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
    const res = await raw(crm.users.employee, 'POST', '/api/crm/contacts', new Uint8Array(body));
    expect(res.status, res.text).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.error.message).toMatch(/UTF-8/);
    expect(await fingerprint()).toEqual(before);
  });
});

async function upload(
  client: TestClient,
  path: string,
  csv: string,
  fields: Record<string, string>,
  fileName = 'contatos.csv',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const res = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: client.baseUrl,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': client.ip,
    },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

async function ended(client: TestClient, id: number) {
  for (let i = 0; i < 1000; i++) {
    const res = await client.get(`/api/crm/contacts/import/${id}`);
    if (['completed', 'failed'].includes(res.body.status)) return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the import never ended');
}

describe('contact import', () => {
  it('refuses the one row with a NUL, with a reason, and imports the others', async () => {
    const { employee } = crm.users;
    const tag = uniqueName('nul');
    const csv = `Nome,E-mail,Extra\nAna,${tag}-1@example.com,x\nB\u0000b,${tag}-2@example.com,x\nCarla,${tag}-3@example.com,y\u0000z\nDani,not-an-email,w\u0000\n`;
    const started = await upload(employee, '/api/crm/contacts/import', csv, {
      mapping: JSON.stringify({ Nome: 'name', 'E-mail': 'email' }),
    });
    expect(started.status, started.text).toBe(202);
    const done = await ended(employee, started.body.id);
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      counts: { created: 2, updated: 0, skipped: 0, rejected: 2 },
    });
    const names = (await employee.get(`/api/crm/contacts?search=${tag}`)).body.items
      .map((c: { name: string }) => c.name)
      .sort();
    expect(names).toEqual(['Ana', 'Carla']);
    const rejected = await employee.get(done.rejectedCsv);
    expect(rejected.status).toBe(200);
    const rows = parse(rejected.text) as string[][];
    expect(rows[0]).toEqual(['row', 'reason', 'Nome', 'E-mail', 'Extra']);
    expect(rows[1][0]).toBe('2');
    expect(rows[1][1]).toMatch(/^name: .*NUL/);
    expect(rows[2].slice(0, 2)).toEqual(['4', 'email: not an email address']);
  });

  it('shows the NUL row as refused in the dry run too', async () => {
    const res = await upload(crm.users.employee, '/api/crm/contacts/import/preview', 'Nome\nAna\nB\u0000b\n', {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.counts).toEqual({ created: 1, updated: 0, skipped: 0, rejected: 1 });
    expect(res.body.rejections[0]).toMatchObject({ rowNumber: 2, reason: expect.stringMatching(/^name: .*NUL/) });
  });

  it('refuses a NUL in the mapping or the file name with 400, storing no import', async () => {
    const before = await fingerprint();
    expectRefused(
      await upload(crm.users.employee, '/api/crm/contacts/import', 'N\u0000ome\nAna\n', {
        mapping: JSON.stringify({ 'N\u0000ome': 'name' }),
      }),
      'mapping',
    );
    expectRefused(
      await upload(
        crm.users.employee,
        '/api/crm/contacts/import',
        'Nome\nAna\n',
        { mapping: JSON.stringify({ Nome: 'name' }) },
        'a\u0000.csv',
      ),
      'file',
    );
    expect(await fingerprint()).toEqual(before);
  });
});

describe('CSV files neutralise formula-looking cells', () => {
  it('in the rejected rows of an import: headers, cells and every cell of a row', async () => {
    const { employee } = crm.users;
    const csv = 'Nome,=HYPERLINK("x"),Score\n,@cmd,+1\n-2,=1+1,101\n';
    const started = await upload(employee, '/api/crm/contacts/import', csv, {
      mapping: JSON.stringify({ Nome: 'name', Score: 'score' }),
    });
    expect(started.status, started.text).toBe(202);
    const done = await ended(employee, started.body.id);
    expect(done.counts.rejected).toBe(2);
    const rows = parse((await employee.get(done.rejectedCsv)).text) as string[][];
    expect(rows).toEqual([
      ['row', 'reason', 'Nome', `'=HYPERLINK("x")`, 'Score'],
      ['1', 'name: required', '', "'@cmd", "'+1"],
      ['2', 'score: must be a whole number from 0 to 100', "'-2", "'=1+1", '101'],
    ]);
  });

  it('in the contacts export, tags element by element', async () => {
    const { employee } = crm.users;
    const source = uniqueName('formula');
    const company = (await employee.post('/api/crm/companies', { name: '+company' })).body;
    await employee.post('/api/crm/contacts', {
      name: '@name',
      source,
      companyId: company.id,
      tags: ['=1+1', '@x', '-y', 'plain'],
    });
    const rows = parse((await employee.get(`/api/crm/contacts/export?source=${source}`)).text, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "'@name", company: "'+company", tags: "'=1+1;'@x;'-y;plain" });
  });

  it('in the reports export', async () => {
    const { admin } = crm.users;
    await admin.post('/api/crm/contacts', { name: 'Lead', source: '=2+3' });
    const res = await admin.get('/api/crm/reports/export?view=lead-sources&period=365');
    expect(res.status).toBe(200);
    const rows = parse(res.text, { bom: true }) as string[][];
    expect(rows.some((r) => r[0] === "'=2+3")).toBe(true);
    expect(rows.flat().some((cell) => /^[=+@]/.test(cell))).toBe(false);
  });
});
