import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const tags = async (query: Record<string, string>) => {
  const res = await crm.users.employee.get(`/api/crm/contacts/tags?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return res.body.items as { tag: string; count: number }[];
};

describe('GET /api/crm/contacts/tags', () => {
  it("lists everyone's tags starting with the search, accents and case ignored, most used first", async () => {
    const p = `t${Date.now().toString(36)}`;
    const contacts = [
      [crm.users.employee, [`${p}-évora`, `${p}-vip`]],
      [crm.users.other, [`${p}-Evento`, `${p}-vip`]],
      [crm.users.admin, [`${p}-vip`, `${p}-evento`]],
      [crm.users.other, [`${p}-evento`, `${p}-100%`]],
      [crm.users.other, [`x-${p}-evento`]],
    ] as const;
    for (const [client, list] of contacts)
      expect((await client.post('/api/crm/contacts', { name: 'Com tags', tags: list })).status).toBe(201);

    expect(await tags({ search: p })).toEqual([
      { tag: `${p}-vip`, count: 3 },
      { tag: `${p}-evento`, count: 2 },
      { tag: `${p}-100%`, count: 1 },
      { tag: `${p}-Evento`, count: 1 },
      { tag: `${p}-évora`, count: 1 },
    ]);
    expect(await tags({ search: `${p.toUpperCase()}-EV` })).toEqual([
      { tag: `${p}-evento`, count: 2 },
      { tag: `${p}-Evento`, count: 1 },
      { tag: `${p}-évora`, count: 1 },
    ]);
    expect(await tags({ search: `${p}-évo` })).toEqual([{ tag: `${p}-évora`, count: 1 }]);
    // % and _ are themselves, not wildcards.
    expect(await tags({ search: `${p}-1_0` })).toEqual([]);
    expect(await tags({ search: `${p}-100%` })).toEqual([{ tag: `${p}-100%`, count: 1 }]);
    expect(await tags({ search: p, limit: '2' })).toHaveLength(2);
    // Without a search: the most used of all, at most limit.
    expect((await tags({ limit: '50' })).length).toBeGreaterThanOrEqual(6);
  });

  it('keeps the counts as contacts are created, edited, changed in bulk and deleted', async () => {
    const p = `k${Date.now().toString(36)}`;
    const a = (await crm.users.employee.post('/api/crm/contacts', { name: 'Conta A', tags: [`${p}-a`, `${p}-b`] }))
      .body;
    const b = (await crm.users.employee.post('/api/crm/contacts', { name: 'Conta B', tags: [`${p}-a`] })).body;
    expect(await tags({ search: p })).toEqual([
      { tag: `${p}-a`, count: 2 },
      { tag: `${p}-b`, count: 1 },
    ]);

    const edited = await crm.users.employee.patch(`/api/crm/contacts/${b.id}`, { tags: [`${p}-b`, `${p}-c`] });
    expect(edited.status, edited.text).toBe(200);
    expect(await tags({ search: p })).toEqual([
      { tag: `${p}-b`, count: 2 },
      { tag: `${p}-a`, count: 1 },
      { tag: `${p}-c`, count: 1 },
    ]);
    // A change that leaves the tags alone leaves the counts alone.
    expect((await crm.users.employee.patch(`/api/crm/contacts/${b.id}`, { status: 'customer' })).status).toBe(200);

    const bulk = await crm.users.employee.post('/api/crm/contacts/bulk', {
      ids: [a.id, b.id],
      action: 'update',
      addTags: [`${p}-c`],
      removeTags: [`${p}-b`],
    });
    expect(bulk.body.changed).toBe(2);
    expect(await tags({ search: p })).toEqual([
      { tag: `${p}-c`, count: 2 },
      { tag: `${p}-a`, count: 1 },
    ]);

    expect((await crm.users.employee.delete(`/api/crm/contacts/${a.id}`)).status).toBe(204);
    expect(await tags({ search: p })).toEqual([{ tag: `${p}-c`, count: 1 }]);
    const plan = await crm.knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw(
        "EXPLAIN SELECT tag FROM contact_tag_counts WHERE lower(funil_unaccent(tag)) LIKE 'vi%'",
      );
      return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contact_tag_counts_prefix_index');
  });

  it('is not taken for a contact id, and refuses bad parameters naming them', async () => {
    for (const [query, path] of [
      ['limit=0', 'query.limit'],
      ['limit=51', 'query.limit'],
      ['tag=vip', 'query.tag'],
      [`search=${'a'.repeat(51)}`, 'query.search'],
    ] as const) {
      const res = await crm.users.employee.get(`/api/crm/contacts/tags?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
  });
});
