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
    const mine = [
      await create('Bulk A', undefined, { tags: ['vip', 'old'] }),
      await create('Bulk B', undefined, { status: 'customer' }),
      await create('Bulk C'),
    ];
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
    const after = await Promise.all(
      mine.map(async (c) => (await crm.users.employee.get(`/api/crm/contacts/${c.id}`)).body),
    );
    expect(after.map((c) => [c.status, c.tags])).toEqual([
      ['customer', ['vip', '2026']],
      ['customer', ['2026']],
      ['customer', ['2026']],
    ]);
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
    const again = await crm.users.employee.post('/api/crm/contacts/bulk', {
      ids: mine.map((c) => c.id),
      action: 'update',
      status: 'customer',
    });
    expect(again.body).toEqual({ changed: 0, unchanged: 3, refused: [] });
    expect(await timelineOf(mine[0].id)).toHaveLength(2);
  });

  it('gives contacts to another owner and deletes in one request; admins may change anyone', async () => {
    const a = await create('Bulk owner A');
    const b = await create('Bulk owner B');
    const moved = await crm.users.employee.post('/api/crm/contacts/bulk', {
      ids: [a.id, b.id],
      action: 'update',
      ownerId: crm.users.ids.other,
    });
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
      expect(
        res.body.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(body).slice(0, 80),
      ).toContain(path);
    }
    // An owner that does not exist fails in the database: the whole request is a 400 and nothing changed.
    const ghost = await crm.users.employee.post('/api/crm/contacts/bulk', {
      ids: [c.id],
      action: 'update',
      ownerId: 987654,
      status: 'customer',
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error.details).toEqual([expect.objectContaining({ path: 'ownerId' })]);
    expect((await crm.users.employee.get(`/api/crm/contacts/${c.id}`)).body).toMatchObject({
      status: 'lead',
      updatedAt: c.updatedAt,
    });
  });
});

describe('POST /api/crm/contacts/bulk with a filter ("select all N matching")', () => {
  const tagged = (tag: string) => crm.knex('contacts').whereRaw('tags @> array[?]::text[]', [tag]).orderBy('id');

  it("changes every contact the filter matches and no other, refusing those not the viewer's, one timeline entry each", async () => {
    const tag = `f${Date.now()}`;
    const mine = [
      await create('Filtro Ana', undefined, { tags: [tag], score: 40 }),
      await create('Filtro Bia', undefined, { tags: [tag, 'old'], score: 60 }),
      await create('Filtro Caio', undefined, { tags: [tag], score: 90, status: 'prospect' }),
    ];
    const lowScore = await create('Filtro baixo', undefined, { tags: [tag], score: 5 });
    const otherStatus = await create('Filtro cliente', undefined, { tags: [tag], score: 50, status: 'customer' });
    const theirs = await create('Filtro deles', crm.users.other, { tags: [tag], score: 70 });

    const filter = { tag, scoreMin: 30, status: 'lead' };
    const listed = await crm.users.employee.get(
      `/api/crm/contacts?${new URLSearchParams({ ...filter, scoreMin: '30', includeTotal: 'true' })}`,
    );
    expect(listed.body.total).toBe(3);
    const res = await crm.users.employee.post('/api/crm/contacts/bulk', {
      filter,
      action: 'update',
      status: 'prospect',
      removeTags: ['old'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      changed: 2,
      unchanged: 0,
      refused: [{ id: theirs.id, code: 'AUTH.FORBIDDEN', message: expect.any(String) }],
    });

    const rows = await tagged(tag);
    expect(rows.map((c) => [c.name, c.status, c.tags])).toEqual([
      ['Filtro Ana', 'prospect', [tag]],
      ['Filtro Bia', 'prospect', [tag]],
      ['Filtro Caio', 'prospect', [tag]],
      ['Filtro baixo', 'lead', [tag]],
      ['Filtro cliente', 'customer', [tag]],
      ['Filtro deles', 'lead', [tag]],
    ]);
    expect(new Date(rows[5].updatedAt).toISOString()).toBe(theirs.updatedAt);
    expect(new Date(rows[3].updatedAt).toISOString()).toBe(lowScore.updatedAt);
    expect(new Date(rows[4].updatedAt).toISOString()).toBe(otherStatus.updatedAt);
    const entries = await timelineOf(mine[1].id);
    expect(entries.map((e) => [e.action, e.userId])).toEqual([
      ['created', crm.users.ids.employee],
      ['updated', crm.users.ids.employee],
    ]);
    expect(entries[1].changes).toEqual([
      { field: 'status', oldValue: 'lead', newValue: 'prospect' },
      { field: 'tags', oldValue: [tag, 'old'], newValue: [tag] },
    ]);
    expect(await timelineOf(mine[2].id)).toHaveLength(1);

    // An admin deletes all a search matches, whoever owns them.
    const deleted = await crm.users.admin.post('/api/crm/contacts/bulk', {
      filter: { search: 'filtro', tag, owner: crm.users.ids.other },
      action: 'delete',
    });
    expect(deleted.body).toEqual({ changed: 1, unchanged: 0, refused: [] });
    expect((await tagged(tag)).map((c) => c.name)).not.toContain('Filtro deles');
    expect((await timelineOf(theirs.id)).map((e) => e.action)).toEqual(['created', 'deleted']);
  });

  it('takes ids or a filter, not both nor neither, and refuses a filter the list would refuse', async () => {
    const c = await create('Filtro inválido');
    const bad = [
      [{ ids: [c.id], filter: { tag: 'x' }, action: 'delete' }, ''],
      [{ action: 'update', status: 'customer' }, ''],
      [{ filter: { nickname: 'x' }, action: 'delete' }, 'filter.nickname'],
      [{ filter: { scoreMin: 50, scoreMax: 10 }, action: 'delete' }, 'filter.scoreMax'],
      [{ filter: { status: 'vip' }, action: 'update', status: 'lead' }, 'filter.status'],
      [{ filter: 'everything', action: 'delete' }, 'filter'],
    ] as const;
    for (const [body, path] of bad) {
      const res = await crm.users.employee.post('/api/crm/contacts/bulk', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await crm.users.employee.get(`/api/crm/contacts/${c.id}`)).status).toBe(200);
  });

  it(`refuses a filter matching more than 10,000 contacts on the filter field, and changes 10,000 in one request`, async () => {
    const tag = `big${Date.now()}`;
    await crm.knex.raw(
      "INSERT INTO contacts (name, tags, owner_id, created_by) SELECT 'Muitos ' || g, array[?]::text[], ?, ? FROM generate_series(1, 10001) AS g",
      [tag, crm.users.ids.employee, crm.users.ids.employee],
    );
    const tooMany = await crm.users.employee.post('/api/crm/contacts/bulk', {
      filter: { tag },
      action: 'update',
      status: 'inactive',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details).toEqual([{ path: 'filter', message: expect.stringContaining('10001') }]);
    expect(
      Number(
        (
          await crm
            .knex('contacts')
            .whereRaw('tags @> array[?]::text[]', [tag])
            .where({ status: 'inactive' })
            .count({ n: '*' })
        )[0].n,
      ),
    ).toBe(0);

    await crm.knex('contacts').where({ name: 'Muitos 1' }).whereRaw('tags @> array[?]::text[]', [tag]).delete();
    const res = await crm.users.employee.post('/api/crm/contacts/bulk', {
      filter: { tag },
      action: 'update',
      status: 'inactive',
      addTags: ['grande'],
    });
    expect(res.body).toEqual({ changed: 10_000, unchanged: 0, refused: [] });
    const [{ n }] = await crm
      .knex('contacts')
      .whereRaw('tags @> array[?, ?]::text[]', [tag, 'grande'])
      .where({ status: 'inactive' })
      .count({ n: '*' });
    expect(Number(n)).toBe(10_000);
    const [{ entries }] = await crm
      .knex('crmTimeline')
      .where({ entityType: 'contact', action: 'updated' })
      .whereIn('entityId', crm.knex('contacts').select('id').whereRaw('tags @> array[?]::text[]', [tag]))
      .count({ entries: '*' });
    expect(Number(entries)).toBe(10_000);
  }, 60_000);
});
