import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { RENEWALS_PIPELINE, useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type Group = { key: string | null; label: string | null; other: boolean; count: number; value: string | null };
const run = async (definition: Record<string, unknown>, client = crm.users.admin) =>
  client.post('/api/crm/reports/run', definition);
const groupsOf = async (definition: Record<string, unknown>): Promise<Group[]> => {
  const res = await run(definition);
  expect(res.status, res.text).toBe(200);
  return res.body.groups;
};
const byKey = (groups: Group[]) => Object.fromEntries(groups.map((g) => [String(g.key), [g.count, g.value]]));

describe('the report builder', () => {
  let ids: { admin: number; developer: number; employee: number };
  beforeAll(async () => {
    ids = crm.users.ids;
    const deal = (
      title: string,
      stage: string,
      value: string,
      probability: number,
      ownerId: number | null,
      createdDaysAgo: number,
      closedDaysAgo?: number,
    ) => ({
      title,
      stage,
      pipeline: 'default',
      value,
      probability,
      owner_id: ownerId,
      created_at: ago(createdDaysAgo),
      closed_at: closedDaysAgo === undefined ? null : ago(closedDaysAgo),
    });
    await crm
      .knex('deals')
      .insert([
        deal('a1', 'proposal', '1000.00', 50, ids.admin, 2),
        deal('a2', 'won', '2500.50', 100, ids.admin, 10, 3),
        deal('a3', 'negotiation', '300.00', 75, ids.admin, 40),
        deal('d1', 'won', '4000.00', 100, ids.developer, 5, 1),
        deal('d2', 'lost', '800.00', 0, ids.developer, 20, 8),
        deal('e1', 'prospecting', '99.99', 10, ids.employee, 1),
        deal('n1', 'proposal', '10.00', 50, null, 3),
        deal('old', 'won', '7777.00', 100, ids.employee, 400, 380),
      ]);
    const contact = (name: string, source: string | null, status: string, ownerId: number, createdDaysAgo: number) => ({
      name,
      source,
      status,
      owner_id: ownerId,
      created_at: ago(createdDaysAgo),
      updated_at: ago(createdDaysAgo),
    });
    await crm
      .knex('contacts')
      .insert([
        contact('c1', 'website', 'lead', ids.admin, 1),
        contact('c2', 'website', 'customer', ids.admin, 2),
        contact('c3', 'referral', 'customer', ids.developer, 3),
        contact('c4', null, 'lead', ids.employee, 4),
        contact('c5', 'referral', 'prospect', ids.employee, 100),
      ]);
    const activity = (subject: string, type: string, done: boolean, assignedTo: number, createdDaysAgo: number) => ({
      subject,
      type,
      status: done ? 'completed' : 'pending',
      completed_at: done ? ago(createdDaysAgo - 0.5) : null,
      assigned_to: assignedTo,
      created_at: ago(createdDaysAgo),
    });
    await crm
      .knex('activities')
      .insert([
        activity('t1', 'call', true, ids.admin, 2),
        activity('t2', 'call', false, ids.admin, 3),
        activity('t3', 'email', true, ids.developer, 4),
        activity('t4', 'meeting', true, ids.employee, 5),
        activity('t5', 'call', true, ids.employee, 6),
      ]);
  });

  it('sums deal value by owner, all time, largest first, with the owner names and a total', async () => {
    const res = await run({ entity: 'deals', measure: 'valueSum', groupBy: 'owner', periodDays: null, chart: 'bar' });
    expect(res.status).toBe(200);
    expect(res.body.groups).toEqual([
      { key: String(ids.employee), label: expect.stringMatching(/^Name /), other: false, count: 2, value: '7876.99' },
      { key: String(ids.developer), label: expect.any(String), other: false, count: 2, value: '4800.00' },
      { key: String(ids.admin), label: expect.any(String), other: false, count: 3, value: '3800.50' },
      { key: null, label: null, other: false, count: 1, value: '10.00' },
    ]);
    expect(res.body.total).toEqual({ count: 8, value: '16487.49' });
    expect(res.body).toMatchObject({
      otherGroups: 0,
      since: null,
      definition: { dateField: 'createdAt', filters: {} },
    });
  });

  it('reads the period, the status (stage kind) and the owner filters, and measures weighted and average value', async () => {
    // Created within 30 days: all but a3 (40 days) and old.
    expect(byKey(await groupsOf({ entity: 'deals', measure: 'count', groupBy: 'status', periodDays: 30 }))).toEqual({
      open: [3, '3'],
      won: [2, '2'],
      lost: [1, '1'],
    });
    // Weighted: the open deals only, 1000×50% + 300×75% = 725.00 for the admin's; the won a2 is not a forecast.
    expect(
      byKey(
        await groupsOf({
          entity: 'deals',
          measure: 'weightedValue',
          groupBy: 'owner',
          periodDays: null,
          filters: { ownerId: ids.admin },
        }),
      ),
    ).toEqual({
      [ids.admin]: [3, '725.00'],
    });
    expect(
      byKey(await groupsOf({ entity: 'deals', measure: 'weightedValue', groupBy: 'status', periodDays: null })),
    ).toEqual({
      open: [4, '740.00'],
      won: [3, '0.00'],
      lost: [1, '0.00'],
    });
    // Won value by closing date within 7 days: a2 and d1; average (2500.50 + 4000) / 2.
    const won = await run({
      entity: 'deals',
      measure: 'averageValue',
      groupBy: 'owner',
      dateField: 'closedAt',
      periodDays: 7,
      filters: { status: 'won' },
    });
    expect(byKey(won.body.groups)).toEqual({ [ids.developer]: [1, '4000.00'], [ids.admin]: [1, '2500.50'] });
    expect(won.body.total).toEqual({ count: 2, value: '3250.25' });
  });

  it('lists stages in pipeline order and every week of a bounded period, empty ones at zero', async () => {
    const stages = await groupsOf({ entity: 'deals', measure: 'valueSum', groupBy: 'stage', periodDays: null });
    expect(stages.map((g) => [g.key, g.value])).toEqual([
      ['prospecting', '99.99'],
      ['proposal', '1010.00'],
      ['negotiation', '300.00'],
      ['won', '14277.50'],
      ['lost', '800.00'],
    ]);
    const weeks = await groupsOf({ entity: 'deals', measure: 'count', groupBy: 'week', periodDays: 90, chart: 'line' });
    expect(weeks.length).toBeGreaterThanOrEqual(13);
    expect(weeks.map((g) => g.key)).toEqual([...weeks.map((g) => g.key)].sort());
    expect(
      weeks.every((g) => /^\d{4}-\d{2}-\d{2}$/.test(g.key!) && new Date(`${g.key}T00:00:00Z`).getUTCDay() === 1),
    ).toBe(true);
    expect(weeks.reduce((sum, g) => sum + g.count, 0)).toBe(7);
    expect(weeks.filter((g) => g.count === 0).every((g) => g.value === '0')).toBe(true);
  });

  it('counts contacts by source and activities by type, with their own filters', async () => {
    expect(byKey(await groupsOf({ entity: 'contacts', groupBy: 'source', periodDays: 30 }))).toEqual({
      website: [2, '2'],
      referral: [1, '1'],
      null: [1, '1'],
    });
    expect(
      byKey(
        await groupsOf({ entity: 'contacts', groupBy: 'status', periodDays: 365, filters: { source: 'referral' } }),
      ),
    ).toEqual({ customer: [1, '1'], prospect: [1, '1'] });
    expect(
      byKey(await groupsOf({ entity: 'activities', groupBy: 'type', periodDays: 7, filters: { status: 'completed' } })),
    ).toEqual({ call: [2, '2'], email: [1, '1'], meeting: [1, '1'] });
    expect(
      byKey(
        await groupsOf({
          entity: 'activities',
          groupBy: 'owner',
          dateField: 'completedAt',
          periodDays: 30,
          filters: { type: 'call' },
        }),
      ),
    ).toEqual({
      [ids.employee]: [1, '1'],
      [ids.admin]: [1, '1'],
    });
  });

  it('refuses combinations that do not apply with a 400 naming the field', async () => {
    const refused = async (
      definition: Record<string, unknown>,
      path: string,
      code = 'REPORT.UNSUPPORTED_COMBINATION',
    ) => {
      const res = await run(definition);
      expect(res.status, JSON.stringify(definition)).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    await refused({ entity: 'contacts', measure: 'valueSum', groupBy: 'owner' }, 'measure');
    await refused({ entity: 'activities', measure: 'averageValue', groupBy: 'type' }, 'measure');
    await refused({ entity: 'contacts', groupBy: 'stage' }, 'groupBy');
    await refused({ entity: 'deals', groupBy: 'source' }, 'groupBy');
    await refused({ entity: 'deals', groupBy: 'type' }, 'groupBy');
    await refused({ entity: 'contacts', groupBy: 'owner', dateField: 'closedAt' }, 'dateField');
    await refused({ entity: 'deals', groupBy: 'owner', filters: { type: 'call' } }, 'filters.type');
    await refused({ entity: 'activities', groupBy: 'owner', filters: { stage: 'won' } }, 'filters.stage');
    await refused({ entity: 'deals', groupBy: 'owner', filters: { status: 'lead' } }, 'filters.status');
    await refused({ entity: 'opportunities', groupBy: 'owner' }, 'entity', 'REQUEST.VALIDATION_FAILED');
    await refused({ entity: 'deals' }, 'groupBy', 'REQUEST.VALIDATION_FAILED');
    await refused({ entity: 'deals', groupBy: 'owner', periodDays: 15 }, 'periodDays', 'REQUEST.VALIDATION_FAILED');
    await refused(
      { entity: 'deals', groupBy: 'owner', filters: { title: 'x' } },
      'filters.title',
      'REQUEST.VALIDATION_FAILED',
    );
    // Saving names the field inside the definition, and saves nothing.
    const res = await crm.users.admin.post('/api/crm/saved-reports', {
      name: 'bad',
      definition: { entity: 'contacts', measure: 'valueSum', groupBy: 'owner' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('definition.measure');
    expect(await crm.knex('saved_reports').where({ name: 'bad' }).first()).toBeUndefined();
  });

  it('is for admins and developers only', async () => {
    expect((await run({ entity: 'deals', groupBy: 'owner' }, crm.users.employee)).status).toBe(403);
    expect((await crm.users.employee.get('/api/crm/saved-reports')).status).toBe(403);
    expect((await run({ entity: 'deals', groupBy: 'owner' }, crm.users.developer)).status).toBe(200);
  });

  it("keeps a saved report its author's until shared; others then see it read-only, and an admin may delete it", async () => {
    const { admin, developer } = crm.users;
    const definition = { entity: 'deals', measure: 'valueSum', groupBy: 'owner', periodDays: null, chart: 'bar' };
    const created = await developer.post('/api/crm/saved-reports', { name: '  Sales by owner ', definition });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Sales by owner',
      shared: false,
      authorId: ids.developer,
      canEdit: true,
      canDelete: true,
      definition: { ...definition, filters: {} },
    });
    const id = created.body.id as number;

    const listed = async (client = admin) =>
      ((await client.get('/api/crm/saved-reports')).body.items as { id: number }[]).map((r) => r.id);
    expect(await listed(developer)).toContain(id);
    expect(await listed(admin)).not.toContain(id);
    expect((await admin.get(`/api/crm/saved-reports/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/crm/saved-reports/${id}/result`)).status).toBe(404);
    expect((await admin.patch(`/api/crm/saved-reports/${id}`, { shared: true })).status).toBe(404);

    expect((await developer.patch(`/api/crm/saved-reports/${id}`, { shared: true })).body).toMatchObject({
      shared: true,
    });
    expect(await listed(admin)).toContain(id);
    const seen = await admin.get(`/api/crm/saved-reports/${id}`);
    expect(seen.body).toMatchObject({ canEdit: false, canDelete: true, authorName: expect.any(String) });
    const result = await admin.get(`/api/crm/saved-reports/${id}/result`);
    expect(result.status).toBe(200);
    expect(result.body.total).toEqual({ count: 8, value: '16487.49' });

    const edit = await admin.patch(`/api/crm/saved-reports/${id}`, { name: 'mine now' });
    expect(edit.status).toBe(403);
    expect(edit.body.error.code).toBe('SAVED_REPORT.READ_ONLY');
    const redefined = await developer.patch(`/api/crm/saved-reports/${id}`, {
      definition: { ...definition, groupBy: 'source' },
    });
    expect(redefined.status).toBe(400);
    expect(redefined.body.error.details[0].path).toBe('definition.groupBy');
    expect((await developer.get(`/api/crm/saved-reports/${id}`)).body.name).toBe('Sales by owner');

    // An admin's own shared report: a developer may neither edit nor delete it.
    const adminReport = (await admin.post('/api/crm/saved-reports', { name: 'Team', definition, shared: true })).body;
    expect((await developer.delete(`/api/crm/saved-reports/${adminReport.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/crm/saved-reports/${id}`)).status).toBe(204);
    expect((await developer.get(`/api/crm/saved-reports/${id}`)).status).toBe(404);
  });

  it('pages the saved reports with a cursor', async () => {
    for (const name of ['p1', 'p2', 'p3'])
      await crm.users.developer.post('/api/crm/saved-reports', {
        name,
        definition: { entity: 'contacts', groupBy: 'status' },
      });
    const first = await crm.users.developer.get('/api/crm/saved-reports?limit=2');
    expect(first.body.items.map((r: { name: string }) => r.name)).toEqual(['p3', 'p2']);
    const second = await crm.users.developer.get(`/api/crm/saved-reports?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((r: { name: string }) => r.name)[0]).toBe('p1');
  });

  it('treats filter text as data: an injection attempt matches nothing and changes nothing', async () => {
    const before = await crm.knex('deals').count({ n: '*' }).first();
    for (const stage of ["won' OR '1'='1", "won'; DROP TABLE deals; --", 'won" OR 1=1 --', '$1', '?']) {
      const res = await run({ entity: 'deals', groupBy: 'owner', periodDays: null, filters: { stage } });
      expect(res.status).toBe(200);
      expect(res.body.total).toEqual({ count: 0, value: '0' });
    }
    const source = await run({
      entity: 'contacts',
      groupBy: 'source',
      periodDays: null,
      filters: { source: "website' OR source IS NULL --" },
    });
    expect(source.body.total.count).toBe(0);
    expect((await run({ entity: 'deals; DROP TABLE deals', groupBy: 'owner' })).status).toBe(400);
    expect((await run({ entity: 'deals', groupBy: 'owner) FROM users --' })).status).toBe(400);
    expect(await crm.knex('deals').count({ n: '*' }).first()).toEqual(before);
  });

  it("groups by a deal's or a contact's choice field and sums an amount or a number field; other fields are refused by name", async () => {
    const define = async (entity: string, key: string, type: string, options?: string[]) =>
      expect(
        (await crm.users.admin.post('/api/crm/fields', { entity, key, label: { pt: key, en: key }, type, options }))
          .status,
      ).toBe(201);
    await define('deal', 'segment', 'select', ['varejo', 'industria']);
    await define('deal', 'budget', 'currency');
    await define('deal', 'seats', 'number');
    await define('deal', 'urgent', 'checkbox');
    await define('contact', 'tier', 'select', ['ouro', 'prata']);
    const set = (table: string, title: string, customFields: object) =>
      crm
        .knex(table)
        .where(table === 'deals' ? { title } : { name: title })
        .update({ customFields: JSON.stringify(customFields) });
    await set('deals', 'a1', { segment: 'varejo', budget: '1000.50', seats: 2.5, urgent: true });
    await set('deals', 'a2', { segment: 'varejo', budget: '99.50', seats: 1 });
    await set('deals', 'd1', { segment: 'industria', budget: '5000.00', urgent: false });
    await set('deals', 'e1', { seats: 10 });
    await set('contacts', 'c1', { tier: 'ouro' });
    await set('contacts', 'c2', { tier: 'ouro' });

    const bySegment = { entity: 'deals', groupBy: 'customFields.segment', periodDays: null };
    const budget = await run({ ...bySegment, measure: 'customFields.budget' });
    expect(budget.status, budget.text).toBe(200);
    expect(budget.body.groups.map((g: Group) => [g.key, g.count, g.value])).toEqual([
      ['industria', 1, '5000.00'],
      ['varejo', 2, '1100.00'],
      [null, 5, '0.00'],
    ]);
    expect(budget.body.total).toEqual({ count: 8, value: '6100.00' });
    const seats = await run({ entity: 'deals', groupBy: 'owner', measure: 'customFields.seats', periodDays: null });
    expect(seats.body.total.value).toBe('13.5');
    expect(byKey(await groupsOf({ entity: 'deals', groupBy: 'customFields.urgent', periodDays: null }))).toEqual({
      true: [1, '1'],
      false: [1, '1'],
      null: [6, '6'],
    });
    expect(byKey(await groupsOf({ entity: 'contacts', groupBy: 'customFields.tier', periodDays: null }))).toMatchObject(
      {
        ouro: [2, '2'],
      },
    );

    for (const [definition, path] of [
      [{ ...bySegment, groupBy: 'customFields.budget' }, 'groupBy'],
      [{ ...bySegment, measure: 'customFields.segment' }, 'measure'],
      [{ ...bySegment, groupBy: 'customFields.nothing' }, 'groupBy'],
      [{ ...bySegment, entity: 'contacts' }, 'groupBy'],
      [{ entity: 'activities', groupBy: 'type', measure: 'customFields.budget' }, 'measure'],
      [{ ...bySegment, groupBy: 'customFields.Bad-Key' }, 'groupBy'],
    ] as const) {
      const res = await run(definition);
      expect([res.status, res.body.error?.details?.[0]?.path], JSON.stringify(definition)).toEqual([400, path]);
    }
  });

  it('answers any definition with 200 or a 400, never a 500, and never changes data', async () => {
    const before = await crm.knex('deals').count({ n: '*' }).first();
    const pickOr = <T>(values: readonly T[]) =>
      fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null));
    const definition = fc.record(
      {
        entity: pickOr(['deals', 'contacts', 'activities']),
        measure: pickOr([
          'count',
          'valueSum',
          'weightedValue',
          'averageValue',
          'customFields.budget',
          'customFields.x',
        ]),
        groupBy: pickOr(['stage', 'owner', 'source', 'status', 'type', 'week', 'month', 'customFields.segment']),
        dateField: pickOr(['createdAt', 'closedAt', 'completedAt']),
        periodDays: pickOr([7, 30, 90, 365, null]),
        chart: pickOr(['bar', 'line', 'table']),
        filters: fc.record(
          {
            ownerId: fc.oneof(fc.integer(), fc.constant(ids.admin), fc.string({ maxLength: 10 })),
            pipeline: fc.oneof(fc.constantFrom('default', 'none-such'), fc.string({ maxLength: 50 })),
            stage: fc.oneof(fc.constantFrom('won', 'proposal'), fc.string({ maxLength: 70 })),
            status: fc.oneof(fc.constantFrom('open', 'won', 'lead', 'completed'), fc.string({ maxLength: 10 })),
            source: fc.string({ maxLength: 110 }),
            type: fc.oneof(fc.constantFrom('call', 'email'), fc.string({ maxLength: 10 })),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['entity', 'groupBy'] },
    );
    await fc.assert(
      fc.asyncProperty(definition, async (d) => {
        const res = await run(d);
        expect([200, 400]).toContain(res.status);
        if (res.status === 200) expect(res.body.groups.length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 150 },
    );
    expect(await crm.knex('deals').count({ n: '*' }).first()).toEqual(before);
  });

  it("filters deals by pipeline, each pipeline's won stage found by its kind; without the filter, every pipeline's sum", async () => {
    const created = await crm.users.admin.post('/api/crm/pipelines', RENEWALS_PIPELINE);
    expect(created.status, created.text).toBe(201);
    const everyPipeline = { entity: 'deals', measure: 'valueSum', groupBy: 'status', periodDays: null };
    const before = byKey(await groupsOf(everyPipeline));
    const [r1, r2] = await crm
      .knex('deals')
      .insert(
        [
          ['r1', 'Aberta', '500.00', 40, null],
          ['r2', 'Fechado', '1500.00', 100, ago(1)],
        ].map(([title, stage, value, probability, closedAt]) => ({
          title,
          stage,
          pipeline: 'renewals',
          value,
          probability,
          owner_id: ids.admin,
          created_at: ago(2),
          closed_at: closedAt,
        })),
      )
      .returning('id');
    try {
      const renewals = { ...everyPipeline, groupBy: 'stage', filters: { pipeline: 'renewals' } };
      expect((await groupsOf(renewals)).map((g) => [g.key, g.label, g.value])).toEqual([
        ['Aberta', 'Aberta', '500.00'],
        ['Fechado', 'Fechado', '1500.00'],
      ]);
      // Won is the kind, whatever the stage is called: 'Fechado' here, 'won' in the default pipeline.
      expect(
        byKey(await groupsOf({ ...renewals, groupBy: 'owner', filters: { pipeline: 'renewals', status: 'won' } })),
      ).toEqual({ [ids.admin]: [1, '1500.00'] });
      expect(byKey(await groupsOf({ ...everyPipeline, filters: { pipeline: 'default' } }))).toEqual(before);
      // All pipelines: each status sums both; across pipelines a stage carries its pipeline's name.
      expect(byKey(await groupsOf(everyPipeline))).toEqual({
        ...before,
        open: [Number(before.open[0]) + 1, (Number(before.open[1]) + 500).toFixed(2)],
        won: [Number(before.won[0]) + 1, (Number(before.won[1]) + 1500).toFixed(2)],
      });
      const stages = await groupsOf({ ...everyPipeline, groupBy: 'stage' });
      expect(stages.slice(-2).map((g) => [g.key, g.label])).toEqual([
        ['renewals · Aberta', 'Renovações · Aberta'],
        ['renewals · Fechado', 'Renovações · Fechado'],
      ]);
      const refused = await run({ ...everyPipeline, filters: { pipeline: 'Renovações!' } });
      expect([refused.status, refused.body.error.details[0].path]).toEqual([400, 'filters.pipeline']);
      const contacts = await run({ entity: 'contacts', groupBy: 'owner', filters: { pipeline: 'renewals' } });
      expect([contacts.status, contacts.body.error.code]).toEqual([400, 'REPORT.UNSUPPORTED_COMBINATION']);
    } finally {
      await crm.knex('deals').whereIn('id', [r1.id, r2.id]).delete();
    }
  });
});
