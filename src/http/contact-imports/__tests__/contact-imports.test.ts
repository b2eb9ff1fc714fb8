import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { importBatchSize } from '../../../domain/contact-imports/contact-imports.service';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();

async function upload(client: TestClient, csv: string | null, fields: Record<string, string>, origin = client.baseUrl) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (csv !== null) form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  const res = await fetch(`${client.baseUrl}/api/crm/contacts/import`, {
    method: 'POST',
    headers: {
      origin,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': client.ip,
    },
    body: form,
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

async function finished(client: TestClient, id: number, seen: number[] = []) {
  for (let i = 0; i < 3000; i++) {
    const res = await client.get(`/api/crm/contacts/import/${id}`);
    expect(res.status).toBe(200);
    seen.push(res.body.rowsDone);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the import never ended');
}

const MAPPING = JSON.stringify({ Name: 'name', 'E-mail': 'email', Status: 'status', Score: 'score', Tags: 'tags' });

describe('CSV import', () => {
  it('imports 10,000 rows with progress and the right counts, and lists the rejected rows', async () => {
    const { admin } = crm.users;
    await admin.post('/api/crm/contacts', { name: 'Old Name', email: 'P7@example.com' });
    const lines = ['Name,E-mail,Status,Score,Tags'];
    for (let i = 1; i <= 10_000; i++) {
      const n = i > 9990 && i < 10_000 ? i - 9990 : i; // rows 9991..9999 repeat rows 1..9 exactly
      const name = i % 1000 === 500 ? '' : `Person ${n}`;
      const email = i % 1000 === 0 ? 'not-an-email' : `p${n}@example.com`;
      lines.push(`${name},${email},customer,${n % 101},"vip;imported"`);
    }
    // Set-based writes: per batch (500 rows for this file), one statement inserts the contacts and their timeline entries.
    const inserts = { contacts: 0, crm_timeline: 0 };
    const countInserts = ({ sql }: { sql: string }) => {
      for (const table of ['contacts', 'crm_timeline'] as const)
        if (new RegExp(`insert into "?${table}"? `, 'i').test(sql)) inserts[table] += 1;
    };
    // The import job runs on the background pool (a separate one on PostgreSQL, the same connection embedded).
    const pools = [...new Set([crm.knex, crm.server.runtime.db.background])];
    for (const pool of pools) pool.on('query', countInserts);
    const started = await upload(admin, lines.join('\n'), { mapping: MAPPING, mode: 'update' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', mode: 'update', rowsDone: 0 });

    const seen: number[] = [];
    const done = await finished(admin, started.body.id, seen);
    // 20 rejected (10 without a name, 10 bad emails), row 7 updates the existing contact, rows 9991..9999 are unchanged duplicates.
    expect(done).toMatchObject({
      status: 'completed',
      totalRows: 10_000,
      rowsDone: 10_000,
      counts: { created: 9970, updated: 1, skipped: 9, rejected: 20 },
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((n) => n > 0 && n < 10_000)).toBe(true);

    const [{ count }] = await crm.knex('contacts').count({ count: '*' });
    expect(count).toBe(9971);
    const p7 = await crm.knex('contacts').whereRaw('lower(email) = ?', ['p7@example.com']).first();
    expect(p7).toMatchObject({ name: 'Person 7', status: 'customer', score: 7, tags: ['vip', 'imported'] });
    for (const pool of pools) pool.off('query', countInserts);
    // The one update (row 7) writes its timeline entry apart.
    const batches = Math.ceil(10_000 / importBatchSize(10_000));
    expect(inserts).toEqual({ contacts: batches, crm_timeline: batches + 1 });

    // Every contact the import created or changed says so on its timeline, naming the import.
    const entries = await crm.knex('crmTimeline').where({ importId: started.body.id });
    expect(entries.filter((e) => e.action === 'created')).toHaveLength(9970);
    expect(entries.filter((e) => e.action === 'updated').map((e) => e.entityId)).toEqual([p7.id]);
    const history = (await admin.get(`/api/crm/contacts/${p7.id}/timeline`)).body.items;
    expect(history[0]).toMatchObject({
      action: 'updated',
      importId: started.body.id,
      changes: expect.arrayContaining([{ field: 'name', oldValue: 'Old Name', newValue: 'Person 7' }]),
    });
    expect(history[1]).toMatchObject({ action: 'created' });
    expect(history[1].importId).toBeUndefined();
    const p1 = await crm.knex('contacts').where({ email: 'p1@example.com' }).first();
    expect((await admin.get(`/api/crm/contacts/${p1.id}/timeline`)).body.items).toEqual([
      expect.objectContaining({
        action: 'created',
        entityName: 'Person 1',
        importId: started.body.id,
        userId: crm.users.ids.admin,
      }),
    ]);

    const rejected = await admin.get(`/api/crm/contacts/import/${started.body.id}/rejected`);
    expect(rejected.status).toBe(200);
    expect(rejected.headers.get('content-type')).toContain('text/csv');
    const rows = rejected.text.trim().split('\n');
    expect(rows[0]).toBe('row,reason,Name,E-mail,Status,Score,Tags');
    expect(rows).toHaveLength(21);
    expect(rows[1]).toBe('500,name: required,,p500@example.com,customer,96,vip;imported');
    expect(rows[2]).toBe('1000,email: not an email address,Person 1000,not-an-email,customer,91,vip;imported');
  });

  it('changes nothing when the same file is imported again with "update by email"', async () => {
    const { employee } = crm.users;
    const csv = [
      'Name,E-mail,Status',
      ...Array.from({ length: 30 }, (_, i) => `Again ${i},again${i}@example.com,prospect`),
    ].join('\n');
    const first = await finished(
      employee,
      (
        await upload(employee, csv, {
          mapping: JSON.stringify({ Name: 'name', 'E-mail': 'email', Status: 'status' }),
          mode: 'update',
        })
      ).body.id,
    );
    expect(first.counts).toEqual({ created: 30, updated: 0, skipped: 0, rejected: 0 });
    const before = await crm.knex('contacts').where('email', 'like', 'again%').orderBy('id').select('id', 'updatedAt');

    const second = await finished(
      employee,
      (
        await upload(employee, csv, {
          mapping: JSON.stringify({ Name: 'name', 'E-mail': 'email', Status: 'status' }),
          mode: 'update',
        })
      ).body.id,
    );
    expect(second.counts).toEqual({ created: 0, updated: 0, skipped: 30, rejected: 0 });
    expect(await crm.knex('contacts').where('email', 'like', 'again%').orderBy('id').select('id', 'updatedAt')).toEqual(
      before,
    );
    expect(await crm.knex('crmTimeline').where({ importId: second.id })).toEqual([]);
  });

  it("leaves duplicates alone in skip mode, and never updates other people's contacts", async () => {
    const { employee, other } = crm.users;
    await employee.post('/api/crm/contacts', { name: 'Mine', email: 'mine@example.com' });
    const csv = 'Name,E-mail\nNot mine,mine@example.com\nNew one,new-one@example.com\n';
    const mapping = JSON.stringify({ Name: 'name', 'E-mail': 'email' });
    const skipped = await finished(other, (await upload(other, csv, { mapping, mode: 'skip' })).body.id);
    expect(skipped.counts).toEqual({ created: 1, updated: 0, skipped: 1, rejected: 0 });
    const refused = await finished(other, (await upload(other, csv, { mapping, mode: 'update' })).body.id);
    expect(refused.counts).toEqual({ created: 0, updated: 0, skipped: 1, rejected: 1 });
    expect((await crm.knex('contacts').where({ email: 'mine@example.com' }).first()).name).toBe('Mine');
    // The import is its importer's (and admins').
    expect((await employee.get(`/api/crm/contacts/import/${refused.id}`)).status).toBe(404);
    expect((await crm.users.admin.get(`/api/crm/contacts/import/${refused.id}`)).status).toBe(200);
  });

  it('refuses bad uploads with a 4xx naming the field', async () => {
    const { admin } = crm.users;
    const csv = 'Name,E-mail\nA,a@example.com\n';
    const field = async (res: { status: number; body: { error: { details: { path: string }[] } } }) => {
      expect(res.status).toBe(400);
      return res.body.error.details.map((d) => d.path);
    };
    expect(await field(await upload(admin, null, { mapping: '{"Name":"name"}' }))).toEqual(['file']);
    expect(await field(await upload(admin, csv, { mapping: 'not json' }))).toEqual(['mapping']);
    expect(await field(await upload(admin, csv, { mapping: '{"Name":"salary"}' }))).toEqual(['mapping.Name']);
    expect(await field(await upload(admin, csv, { mapping: '{"Nome":"name"}' }))).toEqual(['mapping.Nome']);
    expect(await field(await upload(admin, csv, { mapping: '{"E-mail":"email"}' }))).toEqual(['mapping']);
    expect(await field(await upload(admin, csv, { mapping: '{"Name":"name"}', mode: 'merge' }))).toEqual(['mode']);
    expect((await admin.post('/api/crm/contacts/import', { mapping: {} })).status).toBe(415);
    expect((await upload(admin, csv, { mapping: '{"Name":"name"}' }, 'https://evil.example')).status).toBe(403);
    expect((await admin.get('/api/crm/contacts/import/999999')).status).toBe(404);
  });
});
