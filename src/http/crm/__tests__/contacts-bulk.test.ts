import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const create = async (name: string, client = crm.users.employee, body: object = {}) => {
  const res = await client.post('/api/crm/contacts', { name, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; status: string; tags: string[]; updatedAt: string };
};
const timelineOf = (id: number) => crm.knex('crmTimeline').where({ entityType: 'contact', entityId: id }).orderBy('id');

describe('POST /api/crm/contacts/bulk', () => {
  it("changes status, owner and tags of the viewer's contacts, refuses others' with the reason, one timeline entry each", async () => {
    const mine = [await create('Bulk A', undefined, { tags: ['vip', 'old'] }), await create('Bulk B', undefined, { status: 'customer' }), await create('Bulk C')];
    const theirs = await create('Bulk theirs', crm.users.other);
    const res = await crm.users.employee.post('/api/crm/contacts/bulk', {
      ids: [...mine.map((c) => c.id), theirs.id, 987654],
      action: 'update',
      status: 'customer',
      addTags: ['2026'],
      removeTags: ['old'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      changed: 3,
      unchanged: 0,
      refused: [
        { id: theirs.id, code: 'AUTH.FORBIDDEN', message: expect.any(String) },
        { id: 987654, code: 'CONTACT.NOT_FOUND', message: expect.any(String) },
      ],
    });
    const after = await Promise.all(mine.map(async (c) => (await crm.users.employee.get(`/api/crm/contacts/${c.id}`)).body));
    expect(after.map((c) => [c.status, c.tags])).toEqual([['customer', ['vip', '2026']], ['customer', ['2026']], ['customer', ['2026']]]);
    expect((await crm.users.other.get(`/api/crm/contacts/${theirs.id}`)).body.updatedAt).toBe(theirs.updatedAt);
    const entries = await timelineOf(mine[0].id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(entries[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'status', oldValue: 'lead', newValue: 'customer' },
        { field: 'tags', oldValue: ['vip', 'old'], newValue: ['vip', '2026'] },
      ]),
    );

    // Asked again: already so, nothing written, no new timeline entry.
    const again = await crm.users.employee.post('/api/crm/contacts/bulk', { ids: mine.map((c) => c.id), action: 'update', status: 'customer' });
    expect(again.body).toEqual({ changed: 0, unchanged: 3, refused: [] });
    expect(await timelineOf(mine[0].id)).toHaveLength(2);
  });

  it('gives contacts to another owner and deletes in one request; admins may change anyone', async () => {
    const a = await create('Bulk owner A');
    const b = await create('Bulk owner B');
    const moved = await crm.users.employee.post('/api/crm/contacts/bulk', { ids: [a.id, b.id], action: 'update', ownerId: crm.users.ids.other });
    expect(moved.body.changed).toBe(2);
    expect((await crm.users.other.get(`/api/crm/contacts/${a.id}`)).body.ownerId).toBe(crm.users.ids.other);

    const deleted = await crm.users.admin.post('/api/crm/contacts/bulk', { ids: [a.id, b.id], action: 'delete' });
    expect(deleted.body).toEqual({ changed: 2, unchanged: 0, refused: [] });
    expect((await crm.users.admin.get(`/api/crm/contacts/${a.id}`)).status).toBe(404);
    expect((await timelineOf(b.id)).map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('refuses a bad request whole, naming the field, and changes nothing', async () => {
    const c = await create('Bulk bad');
    const bad = [
      [{ ids: [c.id], action: 'update' }, ''],
      [{ ids: [], action: 'update', status: 'customer' }, 'ids'],
      [{ ids: [c.id, c.id], action: 'update', status: 'customer' }, 'ids.1'],
      [{ ids: [c.id], action: 'update', status: 'vip' }, 'status'],
      [{ ids: [c.id], action: 'delete', status: 'customer' }, 'status'],
      [{ ids: [c.id], action: 'archive' }, 'action'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), action: 'delete' }, 'ids'],
    ] as const;
    for (const [body, path] of bad) {
      const res = await crm.users.employee.post('/api/crm/contacts/bulk', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path), JSON.stringify(body).slice(0, 80)).toContain(path);
    }
    // An owner that does not exist fails in the database: the whole request is a 400 and nothing changed.
    const ghost = await crm.users.employee.post('/api/crm/contacts/bulk', { ids: [c.id], action: 'update', ownerId: 987654, status: 'customer' });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error.details).toEqual([expect.objectContaining({ path: 'ownerId' })]);
    expect((await crm.users.employee.get(`/api/crm/contacts/${c.id}`)).body).toMatchObject({ status: 'lead', updatedAt: c.updatedAt });
  });
});
