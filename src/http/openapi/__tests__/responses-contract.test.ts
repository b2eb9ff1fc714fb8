import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  uniqueName,
  type TestClient,
  type TestResponse,
  type TestServer,
} from '../../../../tests/support/test-server';
import type { NotificationRepository } from '../../../domain/notifications/notifications.ports';
import { NOTIFICATION_REPOSITORY } from '../../../domain/notifications/notifications.tokens';

// Every success body the API sends, on real data, against the schema the OpenAPI document gives it.

const PASSWORD = 'correct horse battery';
type Success = { content?: Record<string, { schema: object }> };

let server: TestServer;
let admin: TestClient;
let document: { paths: Record<string, Record<string, { responses: Record<string, Success> }>> };
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const called = new Set<string>();

/** The documented success response of an operation for this status, if there is one. */
function successSchema(method: string, template: string, status: number): Success | undefined {
  return status < 300 ? document.paths[template]?.[method]?.responses?.[status] : undefined;
}

/** Holds an answer to the document: a documented success status, and a body its schema accepts. */
function check(method: string, template: string, res: TestResponse) {
  const operation = `${method} ${template}`;
  const documented = successSchema(method, template, res.status);
  expect(documented, `${operation} answered ${res.status}, not a documented success: ${res.text}`).toBeDefined();
  const schema = documented!.content?.['application/json']?.schema;
  if (documented!.content?.['text/csv']) {
    expect(res.headers.get('content-type'), operation).toMatch(/^text\/csv/);
  } else if (documented!.content?.['text/html']) {
    expect(res.headers.get('content-type'), operation).toMatch(/^text\/html/);
  } else if (!schema) {
    expect(res.text, `${operation} documents no body`).toBe('');
  } else {
    const validate = ajv.compile(schema); // cached by ajv per schema object
    const valid = validate(res.body);
    expect(validate.errors ?? [], `${operation}: ${JSON.stringify(res.body).slice(0, 2000)}`).toEqual([]);
    expect(valid).toBe(true);
  }
  called.add(operation);
  return res.body;
}

/** Posts a CSV file to a documented operation as the wizards do (multipart: the text fields, then the file). */
async function upload(template: string, csv: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'upload.csv');
  const headers = {
    origin: admin.baseUrl,
    cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-forwarded-for': admin.ip,
  };
  const res = await fetch(`${admin.baseUrl}${template}`, { method: 'POST', headers, body: form });
  return check('post', template, { status: res.status, headers: res.headers, text: '', body: await res.json() });
}

/** Calls a documented operation (its path as the document writes it) and checks the answer. */
async function call(
  client: TestClient,
  method: string,
  template: string,
  options: { params?: Record<string, unknown>; query?: string; body?: unknown } = {},
) {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(options.params?.[name])));
  return check(
    method,
    template,
    await client.request(method.toUpperCase(), path + (options.query ? `?${options.query}` : ''), options.body),
  );
}

const registration = (username: string, role: 'admin' | 'employee') => ({
  username,
  password: PASSWORD,
  name: `Name ${username}`,
  initials: 'AB',
  role,
});

let firstRegistration: TestResponse;
beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  // The first account is the admin that may read the document; its answer is checked once the document is in.
  firstRegistration = await admin.post('/api/register', registration(uniqueName('admin'), 'admin'));
  document = (await admin.get('/api/openapi.json')).body;
});

afterAll(async () => {
  await server?.stop();
});

describe('success responses match the OpenAPI document', () => {
  let contact: { id: number };
  let deal: { id: number };

  it('auth, profile and admin', async () => {
    check('post', '/api/register', firstRegistration);
    await call(admin, 'get', '/api/user');
    await call(admin, 'patch', '/api/user', { body: { name: 'Ana Admin' } });
    const username = uniqueName('employee');
    const employee = { username, client: server.client() };
    const { id: employeeId } = await call(employee.client, 'post', '/api/register', {
      body: registration(username, 'employee'),
    });
    await call(admin, 'patch', '/api/admin/users/{id}', { params: { id: employeeId }, body: { role: 'developer' } });
    const users = await call(admin, 'get', '/api/admin/users', { query: 'limit=1' });
    expect(users.nextCursor).toEqual(expect.any(String));
    await call(admin, 'get', '/api/admin/users', { query: `cursor=${users.nextCursor}` });

    const elsewhere = server.client();
    await call(elsewhere, 'post', '/api/login', {
      body: { username: employee.username, password: PASSWORD, remember: true },
    });
    const { items: sessions } = await call(employee.client, 'get', '/api/user/sessions');
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    await call(employee.client, 'delete', '/api/user/sessions/{id}', { params: { id: other.id } });
    await call(employee.client, 'post', '/api/user/password', {
      body: { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
    });
    await call(employee.client, 'post', '/api/logout');

    const made = await call(admin, 'post', '/api/admin/users', {
      body: {
        username: uniqueName('made'),
        name: 'Made',
        initials: 'MD',
        role: 'employee',
        temporaryPassword: PASSWORD,
      },
    });
    await call(admin, 'post', '/api/admin/users/{id}/password-reset', { params: { id: made.id } });
    await call(admin, 'delete', '/api/admin/users/{id}/sessions', { params: { id: made.id } });
    const log = await call(admin, 'get', '/api/admin/security-events', { query: 'limit=1' });
    await call(admin, 'get', '/api/admin/security-events', {
      query: `type=password_reset&userId=${made.id}&cursor=${log.nextCursor}`,
    });
  });

  it('contacts, deals and activities, as created, read, listed and changed', async () => {
    contact = await call(admin, 'post', '/api/crm/contacts', {
      body: {
        name: 'Maria Souza',
        email: 'maria@example.com',
        source: 'site',
        tags: ['vip'],
      },
    });
    await call(admin, 'post', '/api/crm/contacts', { body: { name: 'Bare contact' } });
    await call(admin, 'get', '/api/crm/contacts/{id}', { params: contact });
    await call(admin, 'patch', '/api/crm/contacts/{id}', {
      params: contact,
      body: { status: 'customer', score: 80, phone: '+55 11 99999-0000' },
    });
    await call(admin, 'get', '/api/crm/contacts/duplicates', { query: 'name=Buyer%20Ltd&phone=11999990000' });
    await call(admin, 'post', '/api/crm/contacts/bulk', {
      body: { ids: [contact.id, 987654], action: 'update', addTags: ['bulk'] },
    });
    await call(admin, 'post', '/api/crm/contacts/bulk', {
      body: { filter: { tag: 'bulk' }, action: 'update', status: 'customer' },
    });
    await call(admin, 'get', '/api/crm/contacts/tags', { query: 'search=bu&limit=5' });
    await call(admin, 'get', '/api/crm/contacts/sources', { query: 'search=sit&limit=5' });
    await call(admin, 'get', '/api/crm/contacts', { query: 'includeTotal=true' });
    await call(admin, 'get', '/api/crm/contacts', { query: 'limit=1' });

    deal = await call(admin, 'post', '/api/crm/deals', {
      body: { title: 'Big deal', value: '1500.5', contactId: contact.id, expectedCloseDate: '2030-06-30' },
    });
    await call(admin, 'post', '/api/crm/deals', { body: { title: 'Bare deal' } });
    await call(admin, 'get', '/api/crm/deals/{id}', { params: deal });
    await call(admin, 'get', '/api/crm/deals/{id}/timeline', { params: deal });
    await call(admin, 'post', '/api/crm/deals/{id}/move', { params: deal, body: { stage: 'proposal' } });
    await call(admin, 'put', '/api/crm/deals/{id}/contacts', {
      params: deal,
      body: { items: [{ contactId: contact.id, role: 'decision_maker', primary: true }] },
    });
    await call(admin, 'patch', '/api/crm/deals/{id}', { params: deal, body: { stage: 'won' } });
    await call(admin, 'get', '/api/crm/deals', { query: 'includeTotal=true' });

    const activity = await call(admin, 'post', '/api/crm/activities', {
      body: {
        type: 'meeting',
        subject: 'Kick-off',
        dueDate: '2030-01-02T10:00:00Z',
        duration: 30,
        contactId: contact.id,
        dealId: deal.id,
        reminderMinutes: 60,
      },
    });
    await call(admin, 'post', '/api/crm/activities', { body: { subject: 'Bare task' } });
    await call(admin, 'get', '/api/crm/activities/{id}', { params: activity });
    await call(admin, 'patch', '/api/crm/activities/{id}', {
      params: activity,
      body: { status: 'completed', reminderMinutes: null },
    });
    await call(admin, 'get', '/api/crm/activities', { query: 'includeTotal=true' });
    await call(admin, 'get', '/api/crm/activities', { query: 'status=pending&order=due&includeTotal=true' });
    await call(admin, 'get', '/api/crm/activities/counts', { query: 'type=task' });
    await call(admin, 'put', '/api/crm/activities/{id}/reminder', { params: activity, body: { minutes: 30 } });
    await call(admin, 'get', '/api/crm/activities/{id}/reminder', { params: activity });

    const doomed = await call(admin, 'post', '/api/crm/activities', { body: { subject: 'To delete' } });
    await call(admin, 'delete', '/api/crm/activities/{id}', { params: doomed });
    const deals =
      'Deal - Title,Deal - Stage,Deal - Status,Deal - Value\nContract import,Visita,Open,"1500,50"\n,Qualified,Won,1\n';
    const dealPreview = await upload('/api/crm/deals/import/preview', deals);
    expect(dealPreview.stages).toEqual([{ name: 'Visita', rows: 1, stage: null, matchedBy: null }]);
    const dealImport = await upload('/api/crm/deals/import', deals, { stageMapping: '{"Visita":"proposal"}' });
    expect(dealImport.counts).toEqual({ created: 1, rejected: 1, contactsCreated: 0, companiesCreated: 0 });
    const doomedDeal = await call(admin, 'post', '/api/crm/deals', { body: { title: 'To delete' } });
    await call(admin, 'delete', '/api/crm/deals/{id}', { params: doomedDeal });
    const doomedContact = await call(admin, 'post', '/api/crm/contacts', { body: { name: 'To delete' } });
    await call(admin, 'delete', '/api/crm/contacts/{id}', { params: doomedContact });
  });

  it('companies and their timeline', async () => {
    const company = await call(admin, 'post', '/api/crm/companies', {
      body: { name: 'Contract Ltda', cnpj: '11222333000181', size: 'small', uf: 'SP', tags: ['b2b'] },
    });
    await call(admin, 'post', '/api/crm/companies', { body: { name: 'Bare company' } });
    await call(admin, 'get', '/api/crm/companies/{id}', { params: company });
    await call(admin, 'patch', '/api/crm/companies/{id}', { params: company, body: { segment: 'Varejo' } });
    await call(admin, 'get', '/api/crm/companies', { query: 'includeTotal=true' });
    await call(admin, 'get', '/api/crm/companies', { query: 'search=contract&uf=SP&limit=1' });
    const history = await call(admin, 'get', '/api/crm/companies/{id}/timeline', { params: company });
    expect(history.items.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    const totals = await call(admin, 'get', '/api/crm/companies/{id}/summary', { params: company });
    expect(totals.won).toEqual({ count: 0, value: '0.00' });
    await call(admin, 'post', '/api/crm/notes', { body: { kind: 'note', body: 'Na empresa', companyId: company.id } });
    const companyNotes = await call(admin, 'get', '/api/crm/notes', { query: `company=${company.id}` });
    expect(companyNotes.items).toHaveLength(1);
    await call(admin, 'get', '/api/crm/activities', { query: `company=${company.id}` });
    await call(admin, 'get', '/api/crm/companies/export', { query: 'uf=SP&format=excel' });
    const file = 'Nome;CNPJ;Porte;UF\nContract Ltda;11.222.333/0001-81;Média;SP\nNova Contract;;Micro;XX\nOutra;;;RJ\n';
    const preview = await upload('/api/crm/companies/import/preview', file);
    expect(preview.counts).toEqual({ create: 1, update: 1, skip: 0, rejected: 1 });
    const imported = await upload('/api/crm/companies/import', file, { mode: 'update' });
    expect(imported.counts).toEqual({ created: 1, updated: 1, skipped: 0, rejected: 1 });
    const doomed = await call(admin, 'post', '/api/crm/companies', { body: { name: 'To delete' } });
    await call(admin, 'delete', '/api/crm/companies/{id}', { params: doomed });
  });

  it('duplicates and merging', async () => {
    const ids: number[] = [];
    for (const name of ['Dup Keep', 'Dup Twin', 'Dup Other'])
      ids.push((await admin.post('/api/crm/contacts', { name, email: 'dup@contract.test' })).body.id);
    const groups = await call(admin, 'get', '/api/crm/duplicates/contacts', { query: 'limit=5' });
    expect(groups.items[0]).toMatchObject({ reason: 'email', key: 'dup@contract.test' });
    await call(admin, 'post', '/api/crm/contacts/merge', {
      body: { keepId: ids[0], mergeIds: [ids[1]], fields: { name: ids[1] } },
    });
    await call(admin, 'post', '/api/crm/duplicates/contacts/dismiss', { body: { ids: [ids[0], ids[2]] } });
    const a = await call(admin, 'post', '/api/crm/companies', { body: { name: 'Dup Company Ltda' } });
    const b = await call(admin, 'post', '/api/crm/companies', { body: { name: 'dup company' } });
    const c = await call(admin, 'post', '/api/crm/companies', { body: { name: 'DUP COMPANY S.A.' } });
    await call(admin, 'get', '/api/crm/duplicates/companies', {});
    await call(admin, 'post', '/api/crm/companies/merge', { body: { keepId: a.id, mergeIds: [b.id] } });
    await call(admin, 'post', '/api/crm/duplicates/companies/dismiss', { body: { ids: [a.id, c.id] } });
  });

  it('notifications', async () => {
    const { id: userId } = await call(admin, 'get', '/api/user');
    // As the reminder job records one, with and without what it is about.
    const notifications = server.runtime.container.get<NotificationRepository>(NOTIFICATION_REPOSITORY);
    const base = {
      userId,
      kind: 'activity.reminder',
      activityId: null,
      title: 'Lembrete',
      body: 'Ligar',
      link: null,
      createdAt: new Date(),
      emailStatus: 'none',
    } as const;
    const { id } = await notifications.record({
      ...base,
      subject: 'Call',
      dueAt: new Date(),
      dedupeKey: uniqueName('n'),
    });
    await notifications.record({ ...base, subject: null, dueAt: null, dedupeKey: uniqueName('n') });
    expect((await call(admin, 'get', '/api/notifications')).items).toHaveLength(2);
    await call(admin, 'post', '/api/notifications/{id}/read', { params: { id } });
    await call(admin, 'put', '/api/notifications/settings', {
      body: { email: null, language: 'en', timeZone: 'America/Sao_Paulo' },
    });
    await call(admin, 'get', '/api/notifications/settings');
  });

  it('contact import and export', async () => {
    const started = await upload(
      '/api/crm/contacts/import',
      'Name,E-mail\nAna,ana@example.com\n,no-name@example.com\n',
      {
        mapping: JSON.stringify({ Name: 'name', 'E-mail': 'email' }),
      },
    );
    let done = started;
    for (let i = 0; i < 200 && done.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      done = await call(admin, 'get', '/api/crm/contact-imports/{id}', { params: started });
    }
    expect(done.counts).toEqual({ created: 1, updated: 0, skipped: 0, rejected: 1 });
    // The import's older address still answers, the same (left out of the document: it reads as ambiguous there).
    expect((await admin.get(`/api/crm/contacts/import/${done.id}`)).body).toEqual(done);
    await call(admin, 'get', '/api/crm/contacts/import/{id}/rejected', { params: done });
    await call(admin, 'get', '/api/crm/contacts/import');
    await upload('/api/crm/contacts/import/preview', 'Nome;E-mail\nAna;ana@example.com\n;x@example.com\n');
    await call(admin, 'post', '/api/crm/contacts/import/{id}/undo', { params: done });
    await call(admin, 'get', '/api/crm/contacts/export', { query: 'search=ana' });
  });

  it('reports', async () => {
    await call(admin, 'post', '/api/crm/reports/refresh');
    for (let i = 0; i < 200 && !(await admin.get('/api/crm/reports')).body.computedAt; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await call(admin, 'get', '/api/crm/reports', { query: 'period=365' })).figures.funnel).toBeInstanceOf(
      Array,
    );
    expect((await call(admin, 'get', '/api/crm/reports', { query: 'category=activities' })).figures).not.toHaveProperty(
      'funnel',
    );
    for (const name of ['sales-by-salesperson', 'forecast', 'overdue-activities', 'lead-sources']) {
      expect((await call(admin, 'get', `/api/crm/reports/${name}`, { query: 'period=365' })).rows).toBeInstanceOf(
        Array,
      );
    }
    await call(admin, 'get', '/api/crm/reports/export', { query: 'view=overview&category=sales&lang=en' });
    await call(admin, 'get', '/api/crm/reports/export', { query: 'view=lead-sources&separator=semicolon' });
  });

  it('report builder', async () => {
    const definition = { entity: 'deals', measure: 'valueSum', groupBy: 'owner', periodDays: null, chart: 'bar' };
    await call(admin, 'post', '/api/crm/reports/run', { body: definition });
    await call(admin, 'post', '/api/crm/reports/run', {
      body: { entity: 'activities', groupBy: 'week', periodDays: 90, filters: { type: 'call' } },
    });
    const saved = await call(admin, 'post', '/api/crm/saved-reports', { body: { name: 'By owner', definition } });
    await call(admin, 'get', '/api/crm/saved-reports');
    await call(admin, 'get', '/api/crm/saved-reports/{id}', { params: saved });
    await call(admin, 'patch', '/api/crm/saved-reports/{id}', {
      params: saved,
      body: { shared: true, definition: { ...definition, filters: { status: 'won' } } },
    });
    await call(admin, 'get', '/api/crm/saved-reports/{id}/result', { params: saved });
    await call(admin, 'delete', '/api/crm/saved-reports/{id}', { params: saved });
  });

  it('pipeline stages', async () => {
    const stages = '/api/crm/pipeline-stages/{pipeline}';
    const params = { pipeline: 'default' };
    await call(admin, 'get', stages, { params });
    await call(admin, 'get', `${stages}/summary`, { params });
    await call(admin, 'get', `${stages}/summary`, {
      params,
      query: 'search=deal&valueMin=10&valueMax=99999&closeBy=2031-01-01',
    });
    await call(admin, 'get', '/api/crm/lost-reasons');
    const added = await call(admin, 'post', stages, { params, body: { stage: 'on hold' } });
    await call(admin, 'patch', `${stages}/{id}`, {
      params: { ...params, id: added.id },
      body: { color: '#123ABC', probability: 5 },
    });
    const { items } = await call(admin, 'get', stages, { params });
    const ids = items.map((s: { id: number }) => s.id);
    await call(admin, 'put', `${stages}/order`, { params, body: { stageIds: [...ids.slice(1), ids[0]] } });
    await call(admin, 'delete', `${stages}/{id}`, { params: { ...params, id: added.id } });
    const emptied = await call(admin, 'post', stages, { params, body: { stage: 'emptied', color: '#0F766E' } });
    await call(admin, 'post', '/api/crm/deals', { body: { title: 'Moved on delete', stage: 'emptied' } });
    await call(admin, 'delete', `${stages}/{id}`, {
      params: { ...params, id: emptied.id },
      query: 'moveTo=prospecting',
    });
  });

  it('pipelines', async () => {
    const created = await call(admin, 'post', '/api/crm/pipelines', { body: { key: 'contract', name: 'Contract' } });
    await call(admin, 'get', '/api/crm/pipelines');
    await call(admin, 'get', '/api/crm/pipelines', { query: 'includeArchived=true' });
    await call(admin, 'get', '/api/crm/pipelines/{key}', { params: created });
    await call(admin, 'patch', '/api/crm/pipelines/{key}', {
      params: created,
      body: { name: 'Contracts', position: 1, updatedAt: created.updatedAt },
    });
    const deal = await call(admin, 'post', '/api/crm/deals', { body: { title: 'Across', pipeline: 'contract' } });
    await call(admin, 'post', '/api/crm/deals/{id}/move', {
      params: deal,
      body: { pipeline: 'default', stage: 'won' },
    });
    await call(admin, 'delete', '/api/crm/pipelines/{key}', { params: created });
  });

  it('custom fields', async () => {
    const field = await call(admin, 'post', '/api/crm/fields', {
      body: {
        entity: 'contact',
        key: 'segment',
        label: { pt: 'Segmento', en: 'Segment' },
        type: 'select',
        options: ['a'],
      },
    });
    await call(admin, 'get', '/api/crm/fields', { query: 'entity=contact' });
    await call(admin, 'patch', '/api/crm/fields/{id}', {
      params: field,
      body: { options: ['a', 'b'], required: true, updatedAt: field.updatedAt },
    });
    await call(admin, 'get', '/api/crm/fields/{id}', { params: field });
    const view = await call(admin, 'post', '/api/crm/views', {
      body: {
        entity: 'contact',
        name: 'Segmento a',
        filters: { status: 'lead', 'customFields.segment': 'a' },
        sort: { column: 'customFields.segment', order: 'desc' },
        columns: [{ key: 'name', width: 200 }, { key: 'customFields.segment' }],
        layout: 'table',
      },
    });
    await call(admin, 'delete', '/api/crm/fields/{id}', { params: field });
    // The field retired: the view answers with warnings, as documented.
    const stale = await call(admin, 'get', '/api/crm/views/{id}', { params: view });
    expect(stale.warnings.length).toBe(3);
    await call(admin, 'get', '/api/crm/views', { query: 'entity=contact' });
    await call(admin, 'patch', '/api/crm/views/{id}', { params: view, body: { shared: true } });
    await call(admin, 'put', '/api/crm/views/{id}/default', { params: view });
    await call(admin, 'delete', '/api/crm/views/{id}/default', { params: view });
    await call(admin, 'delete', '/api/crm/views/{id}', { params: view });
  });

  it('API keys', async () => {
    const key = await call(admin, 'post', '/api/user/api-keys', {
      body: { name: 'contrato', scope: 'read', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    await call(admin, 'get', '/api/user/api-keys');
    await call(admin, 'get', '/api/admin/api-keys');
    await call(admin, 'delete', '/api/user/api-keys/{id}', { params: key });
    const other = await call(admin, 'post', '/api/user/api-keys', { body: { name: 'outra', scope: 'write' } });
    await call(admin, 'delete', '/api/admin/api-keys/{id}', { params: other });
  });

  it('webhooks', async () => {
    // Nothing listens there: the test event's try fails with no answer, and is logged as such.
    const endpoint = await call(admin, 'post', '/api/admin/webhooks', {
      body: { url: 'http://127.0.0.1:1/hook', events: ['deal.won', 'contact.created'], description: 'n8n' },
    });
    await call(admin, 'get', '/api/admin/webhooks');
    await call(admin, 'get', '/api/admin/webhooks/{id}', { params: endpoint });
    await call(admin, 'patch', '/api/admin/webhooks/{id}', { params: endpoint, body: { active: false } });
    const tried = await call(admin, 'post', '/api/admin/webhooks/{id}/test', { params: endpoint });
    expect(tried).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    await call(admin, 'post', '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
      params: { id: endpoint.id, deliveryId: tried.id },
    });
    await call(admin, 'get', '/api/admin/webhooks/{id}/deliveries', { params: endpoint, query: 'limit=1' });
    await call(admin, 'delete', '/api/admin/webhooks/{id}', { params: endpoint });
  });

  it('web-to-lead forms', async () => {
    const form = await call(admin, 'post', '/api/admin/forms', {
      body: {
        name: 'Site',
        slug: 'site-contrato',
        fields: [
          { field: 'name', required: true },
          { field: 'email', required: true, label: { pt: 'E-mail', en: 'E-mail' } },
        ],
        consentText: 'Aceito',
      },
    });
    const sent = await fetch(`${admin.baseUrl}/f/site-contrato`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lead', email: 'lead@contrato.test', consent: true }),
    });
    expect(sent.status).toBe(201);
    await call(admin, 'get', '/api/admin/forms');
    await call(admin, 'get', '/api/admin/forms/{id}', { params: form });
    await call(admin, 'patch', '/api/admin/forms/{id}', { params: form, body: { thankYou: 'Obrigado!' } });
    await call(admin, 'get', '/api/admin/forms/{id}/submissions', { params: form });
    await call(admin, 'delete', '/api/admin/forms/{id}', { params: form });
  });

  it('privacy: consents', async () => {
    const contact = await call(admin, 'post', '/api/crm/contacts', { body: { name: 'Consentimento' } });
    await call(admin, 'post', '/api/privacy/contacts/{id}/consents', {
      params: contact,
      body: { channel: 'whatsapp', granted: true, text: 'Pode me chamar no WhatsApp' },
    });
    await call(admin, 'get', '/api/privacy/contacts/{id}/consents', { params: contact });
    await call(admin, 'post', '/api/privacy/contacts/{id}/legal-basis', {
      params: contact,
      body: { legalBasis: 'legitimate_interest', note: 'Cliente' },
    });
  });

  it('privacy: requests, export, anonymization, the record of operations', async () => {
    const contact = await call(admin, 'post', '/api/crm/contacts', { body: { name: 'Titular', email: 't@x.test' } });
    const request = await call(admin, 'post', '/api/privacy/requests', {
      body: { contactId: contact.id, kind: 'access', requesterName: 'Titular' },
    });
    await call(admin, 'get', '/api/privacy/requests', { query: 'status=open' });
    await call(admin, 'patch', '/api/privacy/requests/{id}', { params: request, body: { status: 'in_progress' } });
    await call(admin, 'get', '/api/privacy/requests/{id}/export', { params: request });
    await call(admin, 'get', '/api/privacy/requests/{id}/report', { params: request });
    await call(admin, 'get', '/api/privacy/contacts/{id}/summary', { params: contact });
    await call(admin, 'post', '/api/privacy/contacts/{id}/anonymize', {
      params: contact,
      body: { requestId: request.id },
    });
    await call(admin, 'get', '/api/privacy/requests/{id}', { params: request });
    const erased = await call(admin, 'post', '/api/crm/contacts', { body: { name: 'Apagado' } });
    await call(admin, 'post', '/api/privacy/contacts/{id}/erase', { params: erased, body: {} });
    await call(admin, 'get', '/api/privacy/retention/rules');
    await call(admin, 'patch', '/api/privacy/retention/rules/{kind}', {
      params: { kind: 'inactive_leads' },
      body: { active: true, months: 1 },
    });
    await call(admin, 'post', '/api/privacy/retention/scan', { body: {} });
    await call(admin, 'get', '/api/privacy/retention/candidates');
    const old = await call(admin, 'post', '/api/crm/contacts', { body: { name: 'Lead antigo' } });
    await server.runtime.db
      .knex('contacts')
      .where({ id: old.id })
      .update({ updatedAt: new Date('2020-01-01') });
    await call(admin, 'post', '/api/privacy/retention/scan', { body: {} });
    const listed = (await admin.get('/api/privacy/retention/candidates')).body.items;
    await call(admin, 'post', '/api/privacy/retention/candidates/decide', {
      body: { ids: [listed[0].id], action: 'keep' },
    });
    await call(admin, 'get', '/api/privacy/audit');
    await call(admin, 'get', '/api/privacy/audit/export', { query: 'format=excel' });
  });

  it('lost reasons', async () => {
    const reason = await call(admin, 'post', '/api/crm/lost-reasons', { body: { label: 'Chose to wait' } });
    await call(admin, 'patch', '/api/crm/lost-reasons/{id}', {
      params: reason,
      body: { label: 'Chose to wait a year', updatedAt: reason.updatedAt },
    });
    const { items } = await call(admin, 'get', '/api/crm/lost-reasons');
    await call(admin, 'put', '/api/crm/lost-reasons/order', {
      body: { reasonIds: items.map((r: { id: number }) => r.id).reverse() },
    });
    await call(admin, 'patch', '/api/crm/lost-reasons/{id}', { params: reason, body: { active: false } });
    await call(admin, 'get', '/api/crm/lost-reasons', { query: 'includeRetired=true' });
  });

  it('templates', async () => {
    const template = await call(admin, 'post', '/api/crm/templates', {
      body: { name: 'Offer', subject: 'For {{contact_name}}', body: 'Value {{deal_value}}, {{meeting_date}}' },
    });
    await call(admin, 'get', '/api/crm/templates/{id}', { params: template });
    await call(admin, 'get', '/api/crm/templates/variables');
    await call(admin, 'post', '/api/crm/templates/{id}/use', {
      params: template,
      body: { contactId: contact.id, dealId: deal.id, channel: 'copy', values: { meeting_date: '01/12' } },
    });
    await call(admin, 'patch', '/api/crm/templates/{id}', {
      params: template,
      body: { category: 'sales', isActive: false },
    });
    await call(admin, 'get', '/api/crm/templates', { query: 'includeTotal=true' });
    await call(admin, 'post', '/api/crm/templates/{id}/render', {
      params: template,
      body: { contactId: contact.id, dealId: deal.id },
    });
    await call(admin, 'delete', '/api/crm/templates/{id}', { params: template });
  });

  it('notes and calls', async () => {
    const activity = await call(admin, 'post', '/api/crm/activities', {
      body: { subject: 'Ligar', contactId: contact.id },
    });
    const note = await call(admin, 'post', '/api/crm/notes', {
      body: {
        kind: 'call',
        body: 'Combinado: proposta na segunda',
        outcome: 'answered',
        durationMin: 5,
        activityId: activity.id,
        next: { type: 'email', subject: 'Enviar proposta', dueDate: '2030-01-07T12:00:00.000Z' },
      },
    });
    expect(note.nextActivityId).toEqual(expect.any(Number));
    await call(admin, 'get', '/api/crm/notes/{id}', { params: note });
    await call(admin, 'patch', '/api/crm/notes/{id}', {
      params: note,
      body: { body: 'Combinado: proposta na terça', pinned: true },
    });
    const pinned = await call(admin, 'get', '/api/crm/notes', {
      query: `contact=${contact.id}&pinned=true&includeTotal=true`,
    });
    expect(pinned.items).toHaveLength(1);
    const gone = await call(admin, 'post', '/api/crm/notes', {
      body: { kind: 'note', body: 'Apagar', dealId: deal.id },
    });
    await call(admin, 'delete', '/api/crm/notes/{id}', { params: gone });
    const history = await call(admin, 'get', '/api/crm/deals/{id}/timeline', { params: deal });
    expect(history.items.some((e: { note?: unknown }) => e.note === null)).toBe(true);
  });

  it('goals and the home', async () => {
    const me = (firstRegistration.body as { id: number }).id;
    const month = new Date().toISOString().slice(0, 7);
    await call(admin, 'put', '/api/crm/goals', {
      query: `month=${month}`,
      body: { items: [{ userId: me, wonValue: 1000.5, wonCount: 2 }] },
    });
    const goals = await call(admin, 'get', '/api/crm/goals', { query: `month=${month}` });
    expect(goals.items.some((item: { goal: unknown }) => item.goal !== null)).toBe(true);
    await call(admin, 'get', '/api/crm/goals/history', { query: `userId=${me}&months=2` });
    await call(admin, 'post', '/api/crm/activities', {
      body: { subject: 'Atrasada', dueDate: '2020-01-06T12:00:00.000Z', contactId: contact.id, dealId: deal.id },
    });
    const agenda = await call(admin, 'get', '/api/home/agenda');
    expect(agenda.overdue.items.length).toBeGreaterThan(0);
    await call(admin, 'get', '/api/home/no-next-step');
    const pipeline = await call(admin, 'get', '/api/home/pipeline', { query: `userId=${me}` });
    expect(pipeline.stages.length).toBeGreaterThan(0);
    await call(admin, 'get', '/api/home/goal');
    const recent = await call(admin, 'get', '/api/home/recent-contacts');
    expect(recent.items.length).toBeGreaterThan(0);
    const team = await call(admin, 'get', '/api/home/team');
    expect(team.goals.length).toBeGreaterThan(0);
  });

  it('timeline, dashboard and system', async () => {
    const history = await call(admin, 'get', '/api/crm/contacts/{id}/timeline', {
      params: contact,
      query: 'includeTotal=true',
    });
    expect(history.items.some((e: { changes: unknown[] }) => e.changes.length > 0)).toBe(true);
    await call(admin, 'get', '/api/crm/timeline');
    const dashboard = await call(admin, 'get', '/api/dashboard');
    expect(dashboard.recentActivity.length).toBeGreaterThan(0);
    const found = await call(admin, 'get', '/api/crm/search', { query: 'q=b&limit=3' });
    expect(found.contacts.length * found.deals.length * found.templates.length * found.notes.length).toBeGreaterThan(0);
    await call(server.client(), 'get', '/healthz');
    await call(server.client(), 'get', '/readyz');
    await call(server.client(), 'get', '/api/auth/demo-credentials');
    await call(admin, 'get', '/api/openapi.json');
  });

  it('every documented success response was checked above', () => {
    const operations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method} ${template}`),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((operation) => !called.has(operation))).toEqual([]);
  });

  it('a body that drifts from its documentation fails', async () => {
    const body = await call(admin, 'get', '/api/crm/contacts/{id}', { params: contact });
    const validate = ajv.compile(
      successSchema('get', '/api/crm/contacts/{id}', 200)!.content!['application/json'].schema,
    );
    expect(validate(body)).toBe(true);
    expect(validate({ ...body, passwordHash: 'x' })).toBe(false);
    expect(validate({ ...body, createdAt: Date.parse(body.createdAt) })).toBe(false);
    const { ownerName: _dropped, ...missing } = body;
    expect(validate(missing)).toBe(false);
    const dealSchema = ajv.compile(
      successSchema('get', '/api/crm/deals/{id}', 200)!.content!['application/json'].schema,
    );
    expect(dealSchema({ ...(await admin.get(`/api/crm/deals/${deal.id}`)).body, value: 1500.5 })).toBe(false);
  });
});
