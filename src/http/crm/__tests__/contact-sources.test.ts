import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const sources = async (query: Record<string, string>) => {
  const res = await crm.users.employee.get(`/api/crm/contacts/sources?${new URLSearchParams(query)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.items as { source: string; count: number }[];
};
const filtered = async (source: string) =>
  (await crm.users.employee.get(`/api/crm/contacts?source=${encodeURIComponent(source)}&includeTotal=true`)).body as {
    items: { id: number }[];
    total: number;
  };

describe('the origin (source) filter', () => {
  it('ignores accents and case, as the search does', async () => {
    const p = `s${Date.now().toString(36)}`;
    const make = async (source: string) =>
      (await crm.users.employee.post('/api/crm/contacts', { name: 'Origem', source })).body.id as number;
    const accented = await make(`Indicação ${p}`);
    const plain = await make(`indicacao ${p}`);
    const upper = await make(`INDICAÇÃO ${p}`);
    await make(`Indicação ${p} 2`);
    for (const typed of [`indicacao ${p}`, `Indicação ${p}`, `INDICACAO ${p.toUpperCase()}`]) {
      const page = await filtered(typed);
      expect({ ids: page.items.map((c) => c.id), total: page.total }, typed).toEqual({
        ids: [upper, plain, accented],
        total: 3,
      });
    }
    const bulk = await crm.users.employee.post('/api/crm/contacts/bulk', {
      filter: { source: `indicacao ${p}` },
      action: 'update',
      status: 'prospect',
    });
    expect(bulk.body.changed).toBe(3);
  });

  it('suggests the sources in use starting with what is typed, accents and case ignored, spellings of one source together, most used first', async () => {
    const p = `o${Date.now().toString(36)}`;
    const sourcesOf = [
      `${p} Indicação`,
      `${p} Indicação`,
      `${p} indicacao`,
      `${p} Evento`,
      `${p} Site`,
      `${p} Site`,
      `${p} 100%`,
      `x ${p}`,
    ];
    const created: number[] = [];
    for (const source of sourcesOf)
      created.push((await crm.users.other.post('/api/crm/contacts', { name: 'Sugestão', source })).body.id);
    expect(await sources({ search: p })).toEqual([
      { source: `${p} Indicação`, count: 3 },
      { source: `${p} Site`, count: 2 },
      { source: `${p} 100%`, count: 1 },
      { source: `${p} Evento`, count: 1 },
    ]);
    expect(await sources({ search: `${p.toUpperCase()} INDICACAO` })).toEqual([{ source: `${p} Indicação`, count: 3 }]);
    expect(await sources({ search: `${p} 1_0` })).toEqual([]);
    expect(await sources({ search: p, limit: '1' })).toEqual([{ source: `${p} Indicação`, count: 3 }]);

    // Kept as contacts are edited, changed in bulk and deleted.
    expect((await crm.users.other.patch(`/api/crm/contacts/${created[2]}`, { source: `${p} Site` })).status).toBe(200);
    expect((await crm.users.other.delete(`/api/crm/contacts/${created[3]}`)).status).toBe(204);
    expect(
      (await crm.users.other.post('/api/crm/contacts/bulk', { ids: [created[6]], action: 'delete' })).body.changed,
    ).toBe(1);
    expect(await sources({ search: p })).toEqual([
      { source: `${p} Site`, count: 3 },
      { source: `${p} Indicação`, count: 2 },
    ]);
  });

  it('is not taken for a contact id, and refuses bad parameters naming them', async () => {
    for (const [query, path] of [
      ['limit=0', 'query.limit'],
      ['limit=51', 'query.limit'],
      ['source=x', 'query.source'],
      [`search=${'a'.repeat(101)}`, 'query.search'],
    ] as const) {
      const res = await crm.users.employee.get(`/api/crm/contacts/sources?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
  });
});
