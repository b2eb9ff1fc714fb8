import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { importEnded, sendImport } from './import-test-kit';

const crm = useCrmServer();

const send = (client: TestClient, path: '' | '/preview', file: string, fields: Record<string, string> = {}) =>
  sendImport(client, `/api/crm/contacts/import${path}`, file, fields);
const finished = importEnded;

const owners = (domain: string) =>
  crm.knex('contacts').where('email', 'like', `%@${domain}`).orderBy('email').select('email', 'ownerId');
const rows = (domain: string, n: number) =>
  ['Nome,E-mail', ...Array.from({ length: n }, (_, i) => `Pessoa ${i + 1},p${i + 1}@${domain}`)].join('\n');
const MAPPING = JSON.stringify({ Nome: 'name', 'E-mail': 'email' });

describe('who gets the imported contacts', () => {
  it('gives the whole file to ownerId: the employee then edits them and finds them under "mine"', async () => {
    const { admin, employee, ids } = crm.users;
    const preview = await send(admin, '/preview', rows('one.example', 3), { ownerId: String(ids.employee) });
    expect(preview.status).toBe(200);
    expect(preview.body.owners).toEqual([{ userId: ids.employee, name: expect.stringMatching(/^Name /), count: 3 }]);
    expect(preview.body.sample[0].ownerId).toBe(ids.employee);
    const started = await send(admin, '', rows('one.example', 3), { mapping: MAPPING, ownerId: String(ids.employee) });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ ownerId: ids.employee, ownerIds: null });
    expect(await finished(admin, started.body.id)).toMatchObject({ status: 'completed', counts: { created: 3 } });
    const imported = await owners('one.example');
    expect(imported.map((c) => c.ownerId)).toEqual([ids.employee, ids.employee, ids.employee]);
    const [first] = await crm.knex('contacts').where({ email: 'p1@one.example' }).select('id');
    expect((await employee.patch(`/api/crm/contacts/${first.id}`, { position: 'CEO' })).status).toBe(200);
    const mine = await employee.get(`/api/crm/contacts?owner=${ids.employee}&limit=100`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.items.filter((c: { email: string }) => c.email.endsWith('@one.example'))).toHaveLength(3);
  });

  it('deals the rows in turn among ownerIds, and the preview says who gets how many', async () => {
    const { admin, ids } = crm.users;
    const ownerIds = JSON.stringify([ids.employee, ids.other]);
    const preview = await send(admin, '/preview', rows('spread.example', 5), { ownerIds });
    expect(preview.body.owners).toEqual([
      { userId: ids.employee, name: expect.any(String), count: 3 },
      { userId: ids.other, name: expect.any(String), count: 2 },
    ]);
    const started = await send(admin, '', rows('spread.example', 5), { mapping: MAPPING, ownerIds });
    expect(started.status).toBe(202);
    expect(started.body.ownerIds).toEqual([ids.employee, ids.other]);
    await finished(admin, started.body.id);
    expect((await owners('spread.example')).map((c) => c.ownerId)).toEqual([
      ids.employee,
      ids.other,
      ids.employee,
      ids.other,
      ids.employee,
    ]);
  });

  it('reads an owner column (username or name, case and accents aside) and refuses a row naming nobody, with its reason', async () => {
    const { admin, ids } = crm.users;
    const [employee] = await crm.knex('users').where({ id: ids.employee }).select('username', 'name');
    const csv = [
      'Nome,E-mail,Responsável',
      `Ana,ana@column.example,${employee.username.toUpperCase()}`,
      `Bia,bia@column.example,${employee.name.toLowerCase()}`,
      'Caio,caio@column.example,Fulano de Tal',
      'Davi,davi@column.example,',
    ].join('\n');
    const preview = await send(admin, '/preview', csv, {});
    expect(preview.body.mapping).toEqual({ Nome: 'name', 'E-mail': 'email', Responsável: 'owner' });
    expect(preview.body.owners).toEqual([
      { userId: ids.employee, name: employee.name, count: 2 },
      { userId: ids.admin, name: expect.any(String), count: 1 },
    ]);
    expect(preview.body.rejections).toEqual([
      { rowNumber: 3, reason: 'owner: no active user is "Fulano de Tal"', cells: expect.any(Object) },
    ]);
    const started = await send(admin, '', csv, { mapping: JSON.stringify(preview.body.mapping) });
    expect(await finished(admin, started.body.id)).toMatchObject({ counts: { created: 3, rejected: 1 } });
    expect((await owners('column.example')).map((c) => [c.email, c.ownerId])).toEqual([
      ['ana@column.example', ids.employee],
      ['bia@column.example', ids.employee],
      ['davi@column.example', ids.admin],
    ]);
  });

  it('lets an employee import for themself only: 403 naming ownerId or ownerIds, and an owner column naming someone else refuses that row', async () => {
    const { employee, ids } = crm.users;
    for (const [fields, path] of [
      [{ ownerId: String(ids.other) }, 'ownerId'],
      [{ ownerIds: JSON.stringify([ids.employee, ids.other]) }, 'ownerIds'],
    ] as const) {
      for (const route of ['', '/preview'] as const) {
        const res = await send(employee, route, rows('employee.example', 2), { mapping: MAPPING, ...fields });
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'AUTH.FORBIDDEN', details: [{ path }] });
      }
    }
    const own = await send(employee, '', rows('employee.example', 2), {
      mapping: MAPPING,
      ownerId: String(ids.employee),
    });
    expect(own.status).toBe(202);
    await finished(employee, own.body.id);
    expect((await owners('employee.example')).map((c) => c.ownerId)).toEqual([ids.employee, ids.employee]);

    const username = async (id: number) => (await crm.knex('users').where({ id }).first('username')).username as string;
    const [self, other] = [{ username: await username(ids.employee) }, { username: await username(ids.other) }];
    const csv = [
      'Nome,E-mail,Responsável',
      `Eu,eu@mine.example,${self.username}`,
      `Outro,outro@mine.example,${other.username}`,
    ].join('\n');
    const preview = await send(employee, '/preview', csv, {});
    expect(preview.body.rejections).toEqual([
      { rowNumber: 2, reason: 'owner: you may import contacts for yourself only', cells: expect.any(Object) },
    ]);
    expect(preview.body.owners).toEqual([{ userId: ids.employee, name: expect.any(String), count: 1 }]);
  });

  it('keeps the importer as owner by default, and refuses bad owner fields with a 400 naming them', async () => {
    const { admin, ids } = crm.users;
    const started = await send(admin, '', rows('default.example', 1), { mapping: MAPPING });
    await finished(admin, started.body.id);
    expect((await owners('default.example')).map((c) => c.ownerId)).toEqual([ids.admin]);

    const column = JSON.stringify({ Nome: 'name', 'E-mail': 'owner' });
    for (const [fields, path] of [
      [{ ownerIds: 'not json' }, 'ownerIds'],
      [{ ownerIds: '[]' }, 'ownerIds'],
      [{ ownerId: 'abc' }, 'ownerId'],
      [{ ownerId: '99999999' }, 'ownerId'],
      [{ ownerIds: JSON.stringify([ids.employee, 99999999]) }, 'ownerIds'],
      [{ ownerId: String(ids.employee), ownerIds: JSON.stringify([ids.other]) }, 'ownerIds'],
      [{ mapping: column, ownerId: String(ids.employee) }, 'ownerId'],
    ] as const) {
      const res = await send(admin, '', rows('bad.example', 1), { mapping: MAPPING, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await owners('bad.example')).toEqual([]);
  });
});
