import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { uniqueName } from '../../../../tests/support/test-server';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { sendImport } from './import-test-kit';

const crm = useCrmServer();

const send = sendImport;

async function imported(client: TestClient, csv: string, mapping: Record<string, string>, mode = 'update') {
  const started = await send(client, '/api/crm/contacts/import', csv, { mapping: JSON.stringify(mapping), mode });
  expect(started.status).toBe(202);
  for (let i = 0; i < 1000; i++) {
    const res = await client.get(`/api/crm/contacts/import/${started.body.id}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the import never ended');
}

/** "Nome;E-mail;Pontuação" as Excel in Portuguese saves it: Windows-1252, semicolons. */
function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      if (code > 255) throw new Error(`not in Latin-1: ${c}`);
      return code;
    }),
  );
}

describe('import dry run', () => {
  it('reads a Windows-1252 file with semicolons, guesses the mapping from Portuguese headers and shows what would happen, writing nothing', async () => {
    const { employee } = crm.users;
    const tag = uniqueName('dry');
    await employee.post('/api/crm/contacts', { name: 'Já Existe', email: `${tag}-1@example.com` });
    const [{ count: before }] = await crm.knex('contacts').count({ count: '*' });
    const file = windows1252(
      `Nome;E-mail;Pontuação;Observações;Coluna X\r\nJoão Ção;${tag}-1@example.com;10;Olá;x\r\nMaria;${tag}-2@example.com;200;;x\r\n;${tag}-3@example.com;5;;x\r\nAna;${tag}-4@example.com;7;;x\r\n`,
    );

    const res = await send(employee, '/api/crm/contacts/import/preview', file, { mode: 'update' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fileName: 'contatos.csv',
      size: file.length,
      encoding: 'windows-1252',
      delimiter: ';',
      columns: ['Nome', 'E-mail', 'Pontuação', 'Observações', 'Coluna X'],
      totalRows: 4,
      suggestedMapping: { Nome: 'name', 'E-mail': 'email', Pontuação: 'score', Observações: 'notes' },
      mode: 'update',
      counts: { created: 1, updated: 1, skipped: 0, rejected: 2 },
    });
    expect(res.body.sample).toEqual([
      {
        rowNumber: 1,
        outcome: 'update',
        values: { name: 'João Ção', email: `${tag}-1@example.com`, score: 10, notes: 'Olá' },
        ownerId: null,
      },
      {
        rowNumber: 4,
        outcome: 'create',
        values: { name: 'Ana', email: `${tag}-4@example.com`, score: 7 },
        ownerId: crm.users.ids.employee,
      },
    ]);
    expect(res.body.rejections).toEqual([
      {
        rowNumber: 2,
        reason: 'score: must be a whole number from 0 to 100',
        cells: { Nome: 'Maria', 'E-mail': `${tag}-2@example.com`, Pontuação: '200', Observações: '', 'Coluna X': 'x' },
      },
      {
        rowNumber: 3,
        reason: 'name: required',
        cells: { Nome: '', 'E-mail': `${tag}-3@example.com`, Pontuação: '5', Observações: '', 'Coluna X': 'x' },
      },
    ]);
    const [{ count: after }] = await crm.knex('contacts').count({ count: '*' });
    expect(after).toBe(before);
    expect(
      (
        await crm
          .knex('contacts')
          .where({ email: `${tag}-1@example.com` })
          .first()
      ).name,
    ).toBe('Já Existe');

    // With the user's own mapping and skip mode; a UTF-8 file with a BOM and commas reads the same way.
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`Nome,E-mail,Pontuação\nJoão Ção,${tag}-1@example.com,10\n`),
    ]);
    const skip = await send(employee, '/api/crm/contacts/import/preview', utf8, {
      mapping: JSON.stringify({ 'E-mail': 'email', Nome: 'name' }),
      mode: 'skip',
    });
    expect(skip.body).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      columns: ['Nome', 'E-mail', 'Pontuação'],
      mapping: { Nome: 'name', 'E-mail': 'email' },
      counts: { created: 0, skipped: 1 },
    });
    expect(skip.body.sample[0]).toEqual({
      rowNumber: 1,
      outcome: 'skip',
      values: { name: 'João Ção', email: `${tag}-1@example.com` },
      ownerId: null,
    });
  });

  it('refuses a mapping naming a column the file lacks, and an empty file', async () => {
    const { employee } = crm.users;
    const bad = await send(employee, '/api/crm/contacts/import/preview', 'Nome\nAna\n', {
      mapping: JSON.stringify({ Name: 'name' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(['mapping.Name']);
    const empty = await send(employee, '/api/crm/contacts/import/preview', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].path).toBe('file');
  });
});

describe('undoing an import', () => {
  it('deletes what it created and puts back what it changed, once, with timeline entries; the import shows as undone', async () => {
    const { employee, admin } = crm.users;
    const tag = uniqueName('undo');
    const existing = (
      await employee.post('/api/crm/contacts', {
        name: 'Before Name',
        email: `${tag}-old@example.com`,
        status: 'prospect',
        tags: ['keep'],
      })
    ).body;
    const done = await imported(
      employee,
      `Name,Email,Status,Tags\nNew One,${tag}-new@example.com,lead,\nAfter Name,${tag}-old@example.com,customer,a;b\n`,
      { Name: 'name', Email: 'email', Status: 'status', Tags: 'tags' },
    );
    expect(done.counts).toEqual({ created: 1, updated: 1, skipped: 0, rejected: 0 });
    expect((await employee.get('/api/crm/contacts/import')).body.items[0]).toMatchObject({
      id: done.id,
      status: 'completed',
    });

    // Somebody else may not undo it (nor see it); the importer may.
    expect((await crm.users.other.post(`/api/crm/contacts/import/${done.id}/undo`)).status).toBe(404);
    const undone = await employee.post(`/api/crm/contacts/import/${done.id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id: done.id, status: 'undone', undoneBy: crm.users.ids.employee });
    expect((await employee.get(`/api/crm/contacts/import/${done.id}`)).body).toMatchObject({
      status: 'undone',
      undoneAt: expect.any(String),
    });

    expect(await crm.knex('contacts').where({ email: `${tag}-new@example.com` })).toEqual([]);
    const restored = (await employee.get(`/api/crm/contacts/${existing.id}`)).body;
    expect(restored).toMatchObject({ name: 'Before Name', status: 'prospect', tags: ['keep'] });
    const history = (await employee.get(`/api/crm/contacts/${existing.id}/timeline`)).body.items;
    expect(history[0]).toMatchObject({
      action: 'updated',
      changes: expect.arrayContaining([{ field: 'name', oldValue: 'After Name', newValue: 'Before Name' }]),
    });
    expect(history[0].importId).toBeUndefined();
    const deleted = await crm
      .knex('crmTimeline')
      .where({ entityType: 'contact', action: 'deleted', entityName: 'New One' });
    expect(deleted).toHaveLength(1);

    const again = await admin.post(`/api/crm/contacts/import/${done.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('IMPORT.ALREADY_UNDONE');
  });

  it("refuses when a contact it wrote was changed since, and then changes nothing; an admin may undo another user's import", async () => {
    const { employee, admin } = crm.users;
    const tag = uniqueName('changed');
    const done = await imported(employee, `Name,Email\nFirst,${tag}-1@example.com\nSecond,${tag}-2@example.com\n`, {
      Name: 'name',
      Email: 'email',
    });
    const second = await crm
      .knex('contacts')
      .where({ email: `${tag}-2@example.com` })
      .first();
    const current = (await employee.get(`/api/crm/contacts/${second.id}`)).body;
    expect(
      (
        await employee.patch(`/api/crm/contacts/${second.id}`, {
          position: 'Edited Later',
          updatedAt: current.updatedAt,
        })
      ).status,
    ).toBe(200);

    const refused = await admin.post(`/api/crm/contacts/import/${done.id}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'IMPORT.CHANGED_SINCE', details: { contactIds: [second.id] } });
    expect(await crm.knex('contacts').whereIn('email', [`${tag}-1@example.com`, `${tag}-2@example.com`])).toHaveLength(
      2,
    );
    expect((await employee.get(`/api/crm/contacts/import/${done.id}`)).body.status).toBe('completed');

    const untouched = await imported(employee, `Name,Email\nThird,${tag}-3@example.com\n`, {
      Name: 'name',
      Email: 'email',
    });
    const byAdmin = await admin.post(`/api/crm/contacts/import/${untouched.id}/undo`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.undoneBy).toBe(crm.users.ids.admin);
    expect(await crm.knex('contacts').where({ email: `${tag}-3@example.com` })).toEqual([]);
  });
});
