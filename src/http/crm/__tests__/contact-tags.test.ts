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
    for (const [client, list] of contacts) expect((await client.post('/api/crm/contacts', { name: 'Com tags', tags: list })).status).toBe(201);

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

  it('is not taken for a contact id, and refuses bad parameters naming them', async () => {
    for (const [query, path] of [['limit=0', 'query.limit'], ['limit=51', 'query.limit'], ['tag=vip', 'query.tag'], [`search=${'a'.repeat(51)}`, 'query.search']] as const) {
      const res = await crm.users.employee.get(`/api/crm/contacts/tags?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
  });
});
