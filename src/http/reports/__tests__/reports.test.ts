import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import { startTestServer, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

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
  const deal = (title: string, value: string, stage: string, createdDays: number, closedDays: number | null) => ({
    title, value, stage, createdAt: ago(createdDays), closedAt: closedDays === null ? null : ago(closedDays),
  });
  await knex('deals').insert([
    deal('D1', '1000.00', 'won', 10, 2),
    deal('D2', '500.50', 'won', 40, 20),
    deal('D3', '2000.00', 'won', 120, 100),
    deal('D4', '300.00', 'lost', 5, 3),
    deal('D5', '700.00', 'lost', 70, 60),
    deal('D6', '400.00', 'proposal', 1, null),
    deal('D7', '250.00', 'prospecting', 400, null),
    deal('D8', '999.99', 'won', 500, 400),
  ]);
  const contact = (name: string, status: string, updatedDays: number) => ({ name, status, createdAt: ago(500), updatedAt: ago(updatedDays) });
  await knex('contacts').insert([
    contact('C1', 'lead', 1),
    contact('C2', 'customer', 10),
    contact('C3', 'inactive', 2),
    contact('C4', 'prospect', 200),
    contact('C5', 'lead', 400),
  ]);
  const activity = (subject: string, type: string, createdDays: number, completedDays: number | null, assignedTo: number | null) => ({
    subject, type, createdAt: ago(createdDays), status: completedDays === null ? 'pending' : 'completed',
    completedAt: completedDays === null ? null : ago(completedDays), assignedTo,
  });
  await knex('activities').insert([
    activity('A1', 'task', 3, 1, admin),
    activity('A2', 'call', 5, null, developer),
    activity('A3', 'call', 20, 15, developer),
    activity('A4', 'meeting', 50, 45, admin),
    activity('A5', 'email', 1, null, null),
    activity('A6', 'note', 400, 399, admin),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

async function refreshed(client: TestClient) {
  clock.at = NOW;
  expect((await client.post('/api/crm/reports/refresh')).status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const res = await client.get('/api/crm/reports?period=7');
    if (res.body.computedAt === NOW.toISOString()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the refresh never ran');
}

describe('report aggregation', () => {
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
        pipeline: 'default', stage, kind: stage === 'won' || stage === 'lost' ? stage : 'open',
        count: counts[stage]?.[0] ?? 0, value: counts[stage]?.[1] ?? '0.00',
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
    expect(week.activitiesByPerson).toEqual([
      { userId: admin, name: expect.any(String), total: 1, completed: 1 },
      { userId: developer, name: expect.any(String), total: 1, completed: 0 },
      { userId: null, name: null, total: 1, completed: 0 },
    ]);
    // Daily buckets from 8 to 15 June; D1 closed on the 13th.
    expect(week.wonOverTime).toEqual(
      ['08', '09', '10', '11', '12', '13', '14', '15'].map((d) => ({
        bucket: `2026-06-${d}`, count: d === '13' ? 1 : 0, value: d === '13' ? '1000.00' : '0.00',
      })),
    );

    expect(await get(30)).toMatchObject({
      salesWon: { count: 2, value: '1500.50' },
      activeContacts: 2,
      conversionRate: 66.7,
      completedActivities: 2,
      averageTicket: '750.25',
      funnel: funnel({ proposal: [1, '400.00'], won: [1, '1000.00'], lost: [1, '300.00'] }),
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
    expect(Object.keys(res.body.figures).sort()).toEqual(['activitiesByType', 'completedActivities']);
    expect(res.body).toMatchObject({ period: 30, category: 'activities' });
  });

  it('is for admins and developers only', async () => {
    expect((await users.employee.get('/api/crm/reports?period=30')).status).toBe(403);
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
});
