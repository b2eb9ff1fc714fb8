import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from './crm-test-kit';

const crm = useCrmServer();
const BASE = '/api/crm/views';

const leadsInSp = {
  entity: 'contact',
  name: 'Meus leads de SP',
  filters: { status: 'lead', tag: 'sp', scoreMin: 40 },
  sort: { column: 'score', order: 'desc' },
  columns: [{ key: 'name', width: 240 }, { key: 'email' }, { key: 'score' }],
  layout: 'table',
};

/** The paths a 400 names. */
const refused = (res: { status: number; body: { error: { code: string; details?: { path: string }[] } } }) => {
  expect(res.status).toBe(400);
  expectErrorShape(res.body);
  return res.body.error.details!.map((detail) => detail.path);
};

describe('saved views', () => {
  it("saves a list's filters, order, layout and columns for its author alone, then for the team once shared", async () => {
    const { employee, other, admin, ids } = crm.users;
    const created = await employee.post(BASE, leadsInSp);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...leadsInSp,
      shared: false,
      authorId: ids.employee,
      canEdit: true,
      isDefault: false,
      warnings: [],
    });
    const id = created.body.id;
    const names = async (client: typeof employee, query = '?entity=contact') =>
      (await client.get(`${BASE}${query}`)).body.items.map((view: { name: string }) => view.name);
    expect(await names(employee)).toContain('Meus leads de SP');
    expect(await names(employee, '?entity=deal')).not.toContain('Meus leads de SP');
    // Personal: nobody else sees it, an admin included.
    expect(await names(other)).not.toContain('Meus leads de SP');
    expect((await other.get(`${BASE}/${id}`)).body.error.code).toBe('VIEW.NOT_FOUND');
    expect((await admin.patch(`${BASE}/${id}`, { name: 'x' })).status).toBe(404);

    const shared = await employee.patch(`${BASE}/${id}`, { shared: true });
    expect(shared.body).toMatchObject({ shared: true, filters: leadsInSp.filters, updatedAt: expect.any(String) });
    expect(await names(other)).toContain('Meus leads de SP');
    const seenByOther = (await other.get(`${BASE}/${id}`)).body;
    expect(seenByOther).toMatchObject({ canEdit: false, authorName: expect.any(String), sort: leadsInSp.sort });
    // Another employee uses it but cannot change or delete it; an admin can.
    const readOnly = await other.patch(`${BASE}/${id}`, { name: 'Mine now' });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe('VIEW.READ_ONLY');
    expect((await other.delete(`${BASE}/${id}`)).status).toBe(403);
    expect((await admin.get(`${BASE}/${id}`)).body.canEdit).toBe(true);
    expect((await admin.patch(`${BASE}/${id}`, { name: 'Leads de SP (time)' })).body.name).toBe('Leads de SP (time)');

    // Someone who opens the contacts with it loses it as their default when it stops being shared.
    expect((await other.put(`${BASE}/${id}/default`)).body.isDefault).toBe(true);
    expect((await employee.patch(`${BASE}/${id}`, { shared: false })).status).toBe(200);
    expect(await names(other)).not.toContain('Leads de SP (time)');
    expect((await employee.patch(`${BASE}/${id}`, { shared: true })).status).toBe(200);
    expect((await other.get(`${BASE}/${id}`)).body.isDefault).toBe(false);
  });

  it('refuses what the list would refuse, naming the field, and changes nothing', async () => {
    const { employee } = crm.users;
    const post = (changes: object) => employee.post(BASE, { ...leadsInSp, name: 'Refused', ...changes });
    expect(refused(await post({ filters: { status: 'nope' } }))).toEqual(['filters.status']);
    expect(refused(await post({ filters: { planet: 'mars' } }))).toEqual(['filters.planet']);
    expect(refused(await post({ filters: { scoreMin: 80, scoreMax: 20 } }))).toEqual(['filters.scoreMax']);
    expect(refused(await post({ filters: { cursor: 'abc', limit: 5 } }))).toEqual(['filters.cursor', 'filters.limit']);
    expect(refused(await post({ sort: { column: 'planet', order: 'asc' } }))).toEqual(['sort.column']);
    expect(refused(await post({ sort: { column: 'customFields.nothere', order: 'asc' } }))).toEqual(['sort.column']);
    expect(refused(await post({ layout: 'board' }))).toEqual(['layout']);
    expect(refused(await post({ columns: [{ key: 'name' }, { key: 'planet' }, { key: 'name' }] }))).toEqual([
      'columns.1.key',
      'columns.2.key',
    ]);
    expect(refused(await post({ columns: [{ key: 'name', width: 5 }] }))).toEqual(['columns.0.width']);
    expect(refused(await post({ entity: 'planet' }))).toEqual(['entity']);
    expect(refused(await post({ name: '  ' }))).toEqual(['name']);
    expect(
      (await employee.get(`${BASE}?entity=contact`)).body.items.map((v: { name: string }) => v.name),
    ).not.toContain('Refused');

    const first = await post({ name: 'Quentes' });
    expect(first.status).toBe(201);
    const again = await post({ name: 'QUENTES' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'VIEW.NAME_TAKEN', details: [{ path: 'name' }] });
    // Another person may use the same name; the entity is fixed.
    expect((await crm.users.other.post(BASE, { ...leadsInSp, name: 'Quentes' })).status).toBe(201);
    expect(refused(await employee.patch(`${BASE}/${first.body.id}`, { entity: 'deal' }))).toEqual(['entity']);
    expect(refused(await employee.patch(`${BASE}/${first.body.id}`, { filters: { status: 'nope' } }))).toEqual([
      'filters.status',
    ]);
    expect((await employee.get(`${BASE}/${first.body.id}`)).body.filters).toEqual(leadsInSp.filters);
  });

  it('keeps a view whose custom field was retired: it opens with warnings, can be renamed, and refuses a stale change', async () => {
    const { admin, employee } = crm.users;
    const field = (
      await admin.post('/api/crm/fields', {
        entity: 'contact',
        key: 'regiao',
        label: { pt: 'Região', en: 'Region' },
        type: 'select',
        options: ['sul', 'norte'],
      })
    ).body;
    const view = await employee.post(BASE, {
      ...leadsInSp,
      name: 'Sul',
      filters: { status: 'lead', 'customFields.regiao': 'sul' },
      sort: { column: 'customFields.regiao', order: 'asc' },
      columns: [{ key: 'name' }, { key: 'customFields.regiao', width: 160 }],
    });
    expect(view.status).toBe(201);
    expect(
      refused(await employee.post(BASE, { ...leadsInSp, name: 'Oeste', filters: { 'customFields.regiao': 'oeste' } })),
    ).toEqual(['filters.customFields.regiao']);

    expect((await admin.delete(`/api/crm/fields/${field.id}`)).status).toBe(204);
    const stale = await employee.get(`${BASE}/${view.body.id}`);
    expect(stale.status).toBe(200);
    expect(stale.body.warnings.map((w: { path: string }) => w.path)).toEqual([
      'filters.customFields.regiao',
      'sort.column',
      'columns.1.key',
    ]);
    expect(stale.body.warnings[0].message).toContain('customFields.regiao');
    const listed = (await employee.get(`${BASE}?entity=contact`)).body.items.find(
      (v: { id: number }) => v.id === view.body.id,
    );
    expect(listed.warnings).toHaveLength(3);
    // Each view of the page gets its own warnings: only this one is stale.
    const page = (await employee.get(`${BASE}?entity=contact`)).body.items;
    expect(page.length).toBeGreaterThan(2);
    expect(page.filter((v: { warnings: unknown[] }) => v.warnings.length > 0).map((v: { id: number }) => v.id)).toEqual(
      [view.body.id],
    );
    // A change that leaves the stale parts alone is saved; one that sends them is refused.
    expect((await employee.patch(`${BASE}/${view.body.id}`, { name: 'Sul (antigo)', shared: true })).status).toBe(200);
    expect(
      refused(await employee.patch(`${BASE}/${view.body.id}`, { columns: [{ key: 'customFields.regiao' }] })),
    ).toEqual(['columns.0.key']);
    // Restored, the view is whole again.
    await admin.patch(`/api/crm/fields/${field.id}`, { retired: false });
    expect((await employee.get(`${BASE}/${view.body.id}`)).body.warnings).toEqual([]);
  });

  it('opens each list with one default view per person, and none once that view is deleted', async () => {
    const { developer } = crm.users;
    const make = async (name: string, entity = 'contact', layout = 'cards') =>
      (await developer.post(BASE, { entity, name, layout })).body.id as number;
    const [a, b, deals] = [await make('A'), await make('B'), await make('Negócios', 'deal', 'board')];
    await developer.put(`${BASE}/${a}/default`);
    await developer.put(`${BASE}/${deals}/default`);
    const defaults = async () =>
      (await developer.get(BASE)).body.items
        .filter((v: { isDefault: boolean }) => v.isDefault)
        .map((v: { name: string }) => v.name)
        .sort();
    expect(await defaults()).toEqual(['A', 'Negócios']);
    // Another of the same list takes its place; the deals' stays.
    await developer.put(`${BASE}/${b}/default`);
    expect(await defaults()).toEqual(['B', 'Negócios']);
    expect((await developer.delete(`${BASE}/${b}/default`)).body.isDefault).toBe(false);
    expect(await defaults()).toEqual(['Negócios']);
    expect((await developer.delete(`${BASE}/${deals}`)).status).toBe(204);
    expect(await defaults()).toEqual([]);
    expect((await developer.put(`${BASE}/${deals}/default`)).status).toBe(404);
  });

  it("checks deals' and activities' views by their own lists: a pipeline filter and the board; the activities' order", async () => {
    const { employee } = crm.users;
    const deals = await employee.post(BASE, {
      entity: 'deal',
      name: 'Fechando',
      filters: { pipeline: 'default' },
      sort: { column: 'value', order: 'desc' },
      layout: 'board',
    });
    expect(deals.status).toBe(201);
    expect(refused(await employee.post(BASE, { entity: 'deal', name: 'x', layout: 'cards' }))).toEqual(['layout']);
    const activities = await employee.post(BASE, {
      entity: 'activity',
      name: 'Próximas',
      filters: { status: 'pending' },
      sort: { column: 'dueDate', order: 'asc' },
      layout: 'table',
    });
    expect(activities.status).toBe(201);
    // The list's own orders are its tabs', not a column's.
    expect(
      refused(await employee.post(BASE, { entity: 'activity', name: 'z', sort: { column: 'due' }, layout: 'list' })),
    ).toEqual(['sort.column']);
    expect(
      refused(await employee.post(BASE, { entity: 'activity', name: 'y', sort: { column: 'score' }, layout: 'list' })),
    ).toEqual(['sort.column']);
  });
});
