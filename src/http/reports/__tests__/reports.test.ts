import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import { startTestServer, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, RENEWALS_PIPELINE, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

/** Starts an hour early, so a scheduled run at start-up computes other figures than the refresh we ask for. */
const clock: Clock & { at: Date } = { at: new Date(NOW.getTime() - 3600_000), now: () => clock.at };

let server: TestServer;
let users: CrmUsers;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  users = await createCrmUsers(server);
  const knex = server.runtime.db.knex;
  const { admin, developer } = users.ids;
  const deal = (
    title: string,
    value: string,
    stage: string,
    createdDays: number,
    closedDays: number | null,
    ownerId: number | null = null,
    more = {},
  ) => ({
    title,
    value,
    stage,
    createdAt: ago(createdDays),
    closedAt: closedDays === null ? null : ago(closedDays),
    ownerId,
    ...more,
  });
  await knex('deals').insert([
    deal('D1', '1000.00', 'won', 10, 2, admin),
    deal('D2', '500.50', 'won', 40, 20, developer),
    deal('D3', '2000.00', 'won', 120, 100, admin),
    deal('D4', '300.00', 'lost', 5, 3, admin),
    deal('D5', '700.00', 'lost', 70, 60, developer),
    deal('D6', '400.00', 'proposal', 1, null, developer, { expectedCloseDate: '2026-07-10', probability: 60 }),
    deal('D7', '250.00', 'prospecting', 400, null),
    deal('D8', '999.99', 'won', 500, 400),
    // Open and older than every window: only the forecast sees them (overdue, and after the next twelve months).
    deal('D9', '1000.00', 'negotiation', 800, null, admin, { expectedCloseDate: '2026-05-20', probability: 50 }),
    deal('D10', '100.00', 'qualification', 800, null, null, { expectedCloseDate: '2027-09-01', probability: 10 }),
  ]);
  const contact = (name: string, status: string, updatedDays: number) => ({
    name,
    status,
    createdAt: ago(500),
    updatedAt: ago(updatedDays),
  });
  await knex('contacts').insert([
    contact('C1', 'lead', 1),
    contact('C2', 'customer', 10),
    contact('C3', 'inactive', 2),
    contact('C4', 'prospect', 200),
    contact('C5', 'lead', 400),
  ]);
  // Lead sources: created recently, changed long ago (so the active-contacts card does not count them).
  const lead = (name: string, source: string | null, status: string, createdDays: number) => ({
    name,
    source,
    status,
    createdAt: ago(createdDays),
    updatedAt: ago(800),
  });
  await knex('contacts').insert([
    lead('L1', 'site', 'customer', 5),
    lead('L2', 'site', 'lead', 10),
    lead('L3', 'indicação', 'customer', 20),
    lead('L4', null, 'lead', 3),
    lead('L5', 'site', 'customer', 100),
  ]);
  const activity = (
    subject: string,
    type: string,
    createdDays: number,
    completedDays: number | null,
    assignedTo: number | null,
    dueDays: number | null = null,
  ) => ({
    subject,
    type,
    createdAt: ago(createdDays),
    status: completedDays === null ? 'pending' : 'completed',
    completedAt: completedDays === null ? null : ago(completedDays),
    assignedTo,
    dueDate: dueDays === null ? null : ago(dueDays),
  });
  await knex('activities').insert([
    activity('A1', 'task', 3, 1, admin),
    activity('A2', 'call', 5, null, developer, 2),
    activity('A3', 'call', 20, 15, developer),
    activity('A4', 'meeting', 50, 45, admin),
    activity('A5', 'email', 1, null, null, 1),
    activity('A6', 'note', 400, 399, admin),
    // Pending, created before every window: only the overdue report sees them (A9 is due in two days).
    activity('A7', 'task', 800, null, admin, 10),
    activity('A8', 'task', 800, null, admin, 3),
    activity('A9', 'task', 800, null, admin, -2),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

async function refreshed(client: TestClient, at = NOW) {
  clock.at = at;
  expect((await client.post('/api/crm/reports/refresh')).status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const res = await client.get('/api/crm/reports?period=7');
    if (res.body.computedAt === at.toISOString()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the refresh never ran');
}

describe('report aggregation', () => {
  it('computes the figures when the server starts, before anyone asks', async () => {
    const started = new Date(NOW.getTime() - 3600_000).toISOString();
    let body: { computedAt: string | null; figures: unknown } = { computedAt: null, figures: null };
    for (let i = 0; i < 200 && body.computedAt !== started; i++) {
      body = (await users.admin.get('/api/crm/reports?period=30')).body;
      if (body.computedAt !== started) await new Promise((r) => setTimeout(r, 50));
    }
    expect(body.computedAt).toBe(started);
    expect(body.figures).toMatchObject({ salesWon: expect.any(Object), changes: expect.any(Object) });
  });

  it('computes every figure as worked out by hand', async () => {
    await refreshed(users.admin);
    const get = async (period: number) => {
      const res = await users.admin.get(`/api/crm/reports?period=${period}`);
      expect(res.status).toBe(200);
      expect(res.body.computedAt).toBe(NOW.toISOString());
      return res.body.figures;
    };
    const { admin, developer } = users.ids;
    const funnel = (counts: Record<string, [number, string]>) =>
      ['prospecting', 'qualification', 'proposal', 'negotiation', 'won', 'lost'].map((stage) => ({
        pipeline: 'default',
        stage,
        kind: stage === 'won' || stage === 'lost' ? stage : 'open',
        count: counts[stage]?.[0] ?? 0,
        value: counts[stage]?.[1] ?? '0.00',
      }));

    const week = await get(7);
    expect(week).toMatchObject({
      salesWon: { count: 1, value: '1000.00' },
      activeContacts: 1,
      conversionRate: 50,
      completedActivities: 1,
      averageTicket: '1000.00',
      funnel: funnel({ proposal: [1, '400.00'], lost: [1, '300.00'] }),
      activitiesByType: [
        { type: 'call', total: 1, completed: 0 },
        { type: 'email', total: 1, completed: 0 },
        { type: 'meeting', total: 0, completed: 0 },
        { type: 'note', total: 0, completed: 0 },
        { type: 'task', total: 1, completed: 1 },
      ],
    });
    // Nothing closed the week before: no change to tell; one contact changed (C2) then and now (C1); one deal entered the funnel then (D1), two now.
    expect(week.changes).toEqual({
      salesWon: null,
      activeContacts: 0,
      conversionRate: null,
      completedActivities: null,
      averageTicket: null,
      newDeals: 100,
    });
    expect(week.activitiesByPerson).toEqual([
      { userId: admin, name: expect.any(String), total: 1, completed: 1 },
      { userId: developer, name: expect.any(String), total: 1, completed: 0 },
      { userId: null, name: null, total: 1, completed: 0 },
    ]);
    // Daily buckets from 8 to 15 June; D1 closed on the 13th.
    expect(week.wonOverTime).toEqual(
      ['08', '09', '10', '11', '12', '13', '14', '15'].map((d) => ({
        bucket: `2026-06-${d}`,
        count: d === '13' ? 1 : 0,
        value: d === '13' ? '1000.00' : '0.00',
      })),
    );

    expect(await get(30)).toMatchObject({
      salesWon: { count: 2, value: '1500.50' },
      activeContacts: 2,
      conversionRate: 66.7,
      completedActivities: 2,
      averageTicket: '750.25',
      funnel: funnel({ proposal: [1, '400.00'], won: [1, '1000.00'], lost: [1, '300.00'] }),
      newDeals: 3,
      performance: [
        {
          userId: admin,
          name: expect.any(String),
          wonCount: 1,
          wonValue: '1000.00',
          conversionRate: 50,
          activitiesDone: 1,
        },
        {
          userId: developer,
          name: expect.any(String),
          wonCount: 1,
          wonValue: '500.50',
          conversionRate: 100,
          activitiesDone: 1,
        },
      ],
    });

    const quarter = await get(90);
    expect(quarter).toMatchObject({
      salesWon: { count: 2, value: '1500.50' },
      activeContacts: 2,
      conversionRate: 50,
      completedActivities: 3,
      averageTicket: '750.25',
      funnel: funnel({ proposal: [1, '400.00'], won: [2, '1500.50'], lost: [2, '1000.00'] }),
    });
    // The 90 days before: D3 won (2000.00, created 120 days ago), nothing else.
    expect(quarter.previous).toEqual({
      salesWon: { count: 1, value: '2000.00' },
      activeContacts: 0,
      conversionRate: 100,
      completedActivities: 0,
      averageTicket: '2000.00',
      newDeals: 1,
    });
    expect(quarter.newDeals).toBe(5);
    expect(quarter.changes).toEqual({
      salesWon: -25,
      activeContacts: null,
      conversionRate: -50,
      completedActivities: null,
      averageTicket: -62.5,
      newDeals: 400,
    });
    expect(quarter.activitiesByPerson).toEqual([
      { userId: admin, name: expect.any(String), total: 2, completed: 2 },
      { userId: developer, name: expect.any(String), total: 2, completed: 1 },
      { userId: null, name: null, total: 1, completed: 0 },
    ]);
    // Weekly buckets (Mondays): 14 of them, holding D1 and D2 only.
    expect(quarter.wonOverTime).toHaveLength(14);
    expect(quarter.wonOverTime.filter((b: { count: number }) => b.count > 0)).toEqual([
      { bucket: '2026-05-25', count: 1, value: '500.50' },
      { bucket: '2026-06-08', count: 1, value: '1000.00' },
    ]);

    const year = await get(365);
    expect(year).toMatchObject({
      salesWon: { count: 3, value: '3500.50' },
      activeContacts: 3,
      conversionRate: 60,
      completedActivities: 3,
      averageTicket: '1166.83',
      funnel: funnel({ proposal: [1, '400.00'], won: [3, '3500.50'], lost: [2, '1000.00'] }),
    });
    // Against the year before: D8 (999.99) won, a 100% conversion.
    expect(year.previous).toMatchObject({ salesWon: { count: 1, value: '999.99' }, conversionRate: 100 });
    expect(year.changes).toMatchObject({ salesWon: 250.1, conversionRate: -40, averageTicket: 16.7 });
    expect(year.performance).toEqual([
      {
        userId: admin,
        name: expect.any(String),
        wonCount: 2,
        wonValue: '3000.00',
        conversionRate: 66.7,
        activitiesDone: 2,
      },
      {
        userId: developer,
        name: expect.any(String),
        wonCount: 1,
        wonValue: '500.50',
        conversionRate: 50,
        activitiesDone: 1,
      },
    ]);
    expect(year.wonOverTime).toHaveLength(13);
    expect(year.wonOverTime.filter((b: { count: number }) => b.count > 0)).toEqual([
      { bucket: '2026-03-01', count: 1, value: '2000.00' },
      { bucket: '2026-05-01', count: 1, value: '500.50' },
      { bucket: '2026-06-01', count: 1, value: '1000.00' },
    ]);
  });

  it('filters by category', async () => {
    const res = await users.developer.get('/api/crm/reports?period=30&category=activities');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.figures).sort()).toEqual([
      'activitiesByPerson',
      'activitiesByType',
      'changes',
      'completedActivities',
      'previous',
    ]);
    expect(res.body).toMatchObject({ period: 30, category: 'activities' });
  });

  it('is for admins and developers only', async () => {
    expect((await users.employee.get('/api/crm/reports?period=30')).status).toBe(403);
    expect((await users.employee.get('/api/crm/reports/forecast')).status).toBe(403);
    expect((await users.employee.get('/api/crm/reports/export')).status).toBe(403);
    expect((await users.employee.post('/api/crm/reports/refresh')).status).toBe(403);
  });

  it('refuses an unknown period or category, naming the field', async () => {
    const period = await users.admin.get('/api/crm/reports?period=14');
    expect(period.status).toBe(400);
    expect(period.body.error.details[0].path).toBe('query.period');
    const category = await users.admin.get('/api/crm/reports?category=weather');
    expect(category.status).toBe(400);
    expect(category.body.error.details[0].path).toBe('query.category');
  });

  it('refuses an unknown export view, naming the field', async () => {
    const res = await users.admin.get('/api/crm/reports/export?view=weather');
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('query.view');
  });
});

describe('quick reports', () => {
  it('sales by salesperson: deals closed within the period by owner', async () => {
    const { admin, developer } = users.ids;
    const year = await users.admin.get('/api/crm/reports/sales-by-salesperson?period=365');
    expect(year.status).toBe(200);
    expect(year.body).toMatchObject({ report: 'sales-by-salesperson', period: 365, generatedAt: NOW.toISOString() });
    expect(year.body.rows).toEqual([
      {
        userId: admin,
        name: expect.any(String),
        wonCount: 2,
        wonValue: '3000.00',
        lostCount: 1,
        conversionRate: 66.7,
        averageTicket: '1500.00',
      },
      {
        userId: developer,
        name: expect.any(String),
        wonCount: 1,
        wonValue: '500.50',
        lostCount: 1,
        conversionRate: 50,
        averageTicket: '500.50',
      },
    ]);
    const week = await users.admin.get('/api/crm/reports/sales-by-salesperson?period=7');
    expect(week.body.rows).toEqual([
      {
        userId: admin,
        name: expect.any(String),
        wonCount: 1,
        wonValue: '1000.00',
        lostCount: 1,
        conversionRate: 50,
        averageTicket: '1000.00',
      },
    ]);
  });

  it('forecast: open deals by expected close month, weighted by their probability', async () => {
    const res = await users.admin.get('/api/crm/reports/forecast?period=7');
    expect(res.status).toBe(200);
    expect(res.body.period).toBeNull();
    expect(res.body.rows).toEqual([
      { bucket: 'overdue', month: null, count: 1, value: '1000.00', weightedValue: '500.00' },
      { bucket: 'month', month: '2026-07', count: 1, value: '400.00', weightedValue: '240.00' },
      { bucket: 'later', month: null, count: 1, value: '100.00', weightedValue: '10.00' },
      { bucket: 'undated', month: null, count: 1, value: '250.00', weightedValue: '0.00' },
    ]);
  });

  it('overdue activities: pending ones past due, by person, most first', async () => {
    const { admin, developer } = users.ids;
    const res = await users.developer.get('/api/crm/reports/overdue-activities');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { userId: admin, name: expect.any(String), count: 2, oldestDueDate: ago(10).toISOString() },
      { userId: developer, name: expect.any(String), count: 1, oldestDueDate: ago(2).toISOString() },
      { userId: null, name: null, count: 1, oldestDueDate: ago(1).toISOString() },
    ]);
  });

  it('lead sources: contacts created within the period by source, and how many are customers', async () => {
    const month = await users.admin.get('/api/crm/reports/lead-sources?period=30');
    expect(month.status).toBe(200);
    expect(month.body.rows).toEqual([
      { source: 'site', contacts: 2, customers: 1, conversionRate: 50 },
      { source: 'indicação', contacts: 1, customers: 1, conversionRate: 100 },
      { source: null, contacts: 1, customers: 0, conversionRate: 0 },
    ]);
    const quarter = await users.admin.get('/api/crm/reports/lead-sources?period=365');
    expect(quarter.body.rows[0]).toEqual({ source: 'site', contacts: 3, customers: 2, conversionRate: 66.7 });
  });
});

describe('report export', () => {
  it('writes the overview of a category as a long table, headers in the language asked for', async () => {
    const res = await users.admin.get('/api/crm/reports/export?view=overview&category=sales&period=30&lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('report-sales-30d.csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Section,Item,Measure,Value');
    expect(lines).toContain('Metrics,Sales (won value),Period,1500.50');
    expect(lines).toContain('Sales funnel,proposal,Value,400.00');
    // Sales only: no activity rows.
    expect(lines.some((l) => l.startsWith('Activities'))).toBe(false);
  });

  it('writes a quick report in Portuguese with semicolons', async () => {
    const res = await users.admin.get('/api/crm/reports/export?view=forecast&lang=pt&separator=semicolon');
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).trim().split(/\r?\n/);
    expect(lines).toEqual([
      'Fechamento previsto;Negócios;Valor;Valor ponderado',
      'Atrasado (antes deste mês);1;1000.00;500.00',
      '2026-07;1;400.00;240.00',
      'Mais tarde;1;100.00;10.00',
      'Sem data;1;250.00;0.00',
    ]);
  });

  it('writes the Excel format in Portuguese: stage labels, decimal commas, months and dates as read in Brazil, in the time zone asked for', async () => {
    const res = await users.admin.get(
      '/api/crm/reports/export?view=overview&category=sales&period=30&format=excel&lang=pt',
    );
    expect(res.status).toBe(200);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const lines = res.text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Seção;Item;Medida;Valor');
    expect(lines).toContain('Indicadores;Vendas (valor ganho);Período;1500,50');
    expect(lines).toContain('Funil de vendas;Proposta;Valor;400,00');
    expect(lines.some((l) => /prospecting|proposal|\d\.\d/.test(l))).toBe(false);

    const forecast = (await users.admin.get('/api/crm/reports/export?view=forecast&format=excel&lang=pt')).text
      .slice(1)
      .trim()
      .split(/\r?\n/);
    expect(forecast.find((l) => l.startsWith('07/2026;'))).toMatch(/^07\/2026;1;400,00;\d+,\d\d$/);

    // A2 was due 2026-06-13 12:00 UTC: 09:00 in São Paulo, 21:00 in Tokyo.
    const overdue = async (tz: string) =>
      (await users.admin.get(`/api/crm/reports/export?view=overdue-activities&format=excel&lang=pt&tz=${tz}`)).text;
    expect(await overdue('America/Sao_Paulo')).toContain('13/06/2026 09:00');
    expect(await overdue('Asia/Tokyo')).toContain('13/06/2026 21:00');
    const english = (
      await users.admin.get('/api/crm/reports/export?view=overview&category=sales&period=30&format=excel&lang=en')
    ).text.slice(1);
    expect(english).toContain('Sales funnel,Proposal,Value,400.00');
    const bad = await users.admin.get('/api/crm/reports/export?format=excel&tz=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('query.tz');
  });
});

describe('with several pipelines', () => {
  it("counts one pipeline's deals when asked, every pipeline's summed otherwise; contacts and activities stay the team's", async () => {
    const { admin, developer } = users.ids;
    const created = await users.admin.post('/api/crm/pipelines', RENEWALS_PIPELINE);
    expect(created.status, created.text).toBe(201);
    await server.runtime.db.knex('deals').insert([
      {
        title: 'R1',
        value: '700.00',
        pipeline: 'renewals',
        stage: 'Fechado',
        createdAt: ago(3),
        closedAt: ago(1),
        ownerId: developer,
      },
      {
        title: 'R2',
        value: '200.00',
        pipeline: 'renewals',
        stage: 'Aberta',
        createdAt: ago(2),
        ownerId: admin,
        expectedCloseDate: '2026-07-05',
        probability: 40,
      },
    ]);
    await refreshed(users.admin, new Date(NOW.getTime() + 60_000));
    const figures = async (query: string) => {
      const res = await users.admin.get(`/api/crm/reports?period=7${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };

    const renewals = await figures('&pipeline=renewals');
    expect(renewals.pipeline).toBe('renewals');
    // Its won stage is found by its kind ('Fechado'), never by the name 'won'.
    expect(renewals.figures).toMatchObject({
      salesWon: { count: 1, value: '700.00' },
      conversionRate: 100,
      averageTicket: '700.00',
      newDeals: 2,
      activeContacts: 1,
      completedActivities: 1,
    });
    expect(renewals.figures.funnel).toEqual([
      { pipeline: 'renewals', stage: 'Aberta', kind: 'open', count: 1, value: '200.00' },
      { pipeline: 'renewals', stage: 'Fechado', kind: 'won', count: 1, value: '700.00' },
      { pipeline: 'renewals', stage: 'Perdido', kind: 'lost', count: 0, value: '0.00' },
    ]);
    const own = await figures('&pipeline=default');
    expect(own.figures).toMatchObject({ salesWon: { count: 1, value: '1000.00' }, conversionRate: 50, newDeals: 2 });
    expect(new Set(own.figures.funnel.map((f: { pipeline: string }) => f.pipeline))).toEqual(new Set(['default']));
    const every = await figures('');
    expect(every.pipeline).toBeNull();
    expect(every.figures).toMatchObject({
      salesWon: { count: 2, value: '1700.00' },
      conversionRate: 66.7,
      newDeals: 4,
      activeContacts: 1,
    });
    expect(every.figures.funnel).toHaveLength(9);

    const sales = await users.admin.get('/api/crm/reports/sales-by-salesperson?period=7&pipeline=renewals');
    expect(sales.body.rows).toEqual([expect.objectContaining({ userId: developer, wonCount: 1, wonValue: '700.00' })]);
    const forecast = await users.admin.get('/api/crm/reports/forecast?pipeline=renewals');
    expect([forecast.body.pipeline, forecast.body.rows]).toEqual([
      'renewals',
      [{ bucket: 'month', month: '2026-07', count: 1, value: '200.00', weightedValue: '80.00' }],
    ]);
    // Activities belong to no pipeline: the overdue report is the same, and says it counted no pipeline.
    const overdue = await users.admin.get('/api/crm/reports/overdue-activities?pipeline=renewals');
    expect(overdue.body.pipeline).toBeNull();
    expect(overdue.body.rows).toEqual((await users.admin.get('/api/crm/reports/overdue-activities')).body.rows);
    const file = await users.admin.get('/api/crm/reports/export?category=sales&period=7&pipeline=renewals');
    expect(file.headers.get('content-disposition')).toContain('report-sales-renewals-7d.csv');
    expect(file.text).toContain('700');
  });

  it('answers 404 for a pipeline that does not exist, 400 for a malformed key, and forgets a deleted one', async () => {
    const missing = await users.admin.get('/api/crm/reports?pipeline=none-such');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'PIPELINE.NOT_FOUND']);
    const quick = await users.admin.get('/api/crm/reports/forecast?pipeline=none-such');
    expect(quick.status).toBe(404);
    const malformed = await users.admin.get('/api/crm/reports?pipeline=Not%20a%20key!');
    expect([malformed.status, malformed.body.error.details[0].path]).toEqual([400, 'query.pipeline']);

    expect((await users.admin.post('/api/crm/pipelines', { key: 'trial', name: 'Teste' })).status).toBe(201);
    await refreshed(users.admin, new Date(NOW.getTime() + 120_000));
    expect((await users.admin.get('/api/crm/reports?period=30&pipeline=trial')).body.figures).toMatchObject({
      salesWon: { count: 0, value: '0.00' },
    });
    expect((await users.admin.delete('/api/crm/pipelines/trial')).status).toBe(204);
    await refreshed(users.admin, new Date(NOW.getTime() + 180_000));
    expect(await server.runtime.db.knex('report_snapshots').where({ pipeline: 'trial' })).toEqual([]);
    expect((await server.runtime.db.knex('report_snapshots').where({ pipeline: 'renewals' })).length).toBe(4);
  });
});
