import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import { startTestServer, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, expectErrorShape, RENEWALS_PIPELINE, type CrmUsers } from './crm-test-kit';

// Wednesday 2026-11-18 02:30 UTC is still Tuesday the 17th, 23:30, in São Paulo (UTC-3): day 17 of 30.
const NOW = new Date('2026-11-18T02:30:00Z');
const clock: Clock = { now: () => NOW };
const SAO_PAULO = 'America/Sao_Paulo';

let server: TestServer;
let users: CrmUsers;

const inSaoPaulo = async (client: TestClient) => {
  const res = await client.request('PUT', '/api/notifications/settings', {
    email: null,
    language: 'pt',
    timeZone: SAO_PAULO,
  });
  expect(res.status, res.text).toBe(200);
};

/** A deal of `ownerId` (created by the admin), closed in `stage` on `day`. */
async function closedDeal(ownerId: number, value: string, stage: 'won' | 'lost', day: string): Promise<void> {
  const created = await users.admin.post('/api/crm/deals', { title: `${stage} ${day}`, value, ownerId });
  expect(created.status, created.text).toBe(201);
  const moved = await users.admin.post(`/api/crm/deals/${created.body.id}/move`, {
    stage,
    closedAt: day,
    ...(stage === 'lost' && { lostReason: 'price' }),
  });
  expect(moved.status, moved.text).toBe(200);
}

async function completedActivity(assignedTo: number, completedAt: string): Promise<void> {
  await server.runtime.db
    .knex('activities')
    .insert({ subject: `done ${completedAt}`, status: 'completed', completedAt, assignedTo, createdBy: assignedTo });
}

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  users = await createCrmUsers(server);
  for (const client of [users.admin, users.employee, users.other]) await inSaoPaulo(client);
  const { employee, other } = users.ids;
  // The employee's November, in São Paulo: one won deal of 1,200.00 and one completed activity.
  await closedDeal(employee, '1200.00', 'won', '2026-11-10');
  await closedDeal(employee, '500.00', 'won', '2026-10-31'); // October
  await closedDeal(employee, '700.00', 'lost', '2026-11-12'); // lost: not won
  await users.employee.post('/api/crm/deals', { title: 'open', value: '900.00' }); // open: not won
  await closedDeal(other, '250.50', 'won', '2026-11-01');
  await completedActivity(employee, '2026-11-05T12:00:00Z');
  await completedActivity(employee, '2026-11-01T02:00:00Z'); // 23:00 on 31 October in São Paulo
  await completedActivity(other, '2026-10-20T12:00:00Z');
  expect((await users.employee.post('/api/crm/activities', { subject: 'pending' })).status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

type Item = {
  userId: number;
  userName: string;
  goal: { wonValue: number; wonCount: number | null; activitiesDone: number | null } | null;
  actual: { wonValue: number; wonCount: number; activitiesDone: number };
  pace: { wonValue: number | null };
};
const itemOf = (body: { items: Item[] }, userId: number) => body.items.find((i) => i.userId === userId);

describe('goals: GET and PUT /api/crm/goals', () => {
  it('an admin sets a month’s goals and reads every person with what they did and their pace', async () => {
    const { employee, other, admin, developer } = users.ids;
    const put = await users.admin.request('PUT', '/api/crm/goals?month=2026-11', {
      items: [
        { userId: employee, wonValue: 30000, wonCount: 3 },
        { userId: other, wonValue: 1000.5, activitiesDone: 10 },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ month: '2026-11', daysInMonth: 30, dayOfMonth: 17 });

    const res = await users.admin.get('/api/crm/goals?month=2026-11');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(put.body);
    expect(res.body.items.map((i: Item) => i.userId).sort()).toEqual([admin, developer, employee, other].sort());
    // 30,000 × 17 / 30 = 17,000; 1,000.50 × 17 / 30 = 566.95.
    expect(itemOf(res.body, employee)).toEqual({
      userId: employee,
      userName: expect.any(String),
      goal: { wonValue: 30000, wonCount: 3, activitiesDone: null },
      actual: { wonValue: 1200, wonCount: 1, activitiesDone: 1 },
      pace: { wonValue: 17000 },
    });
    expect(itemOf(res.body, other)).toMatchObject({
      goal: { wonValue: 1000.5, wonCount: null, activitiesDone: 10 },
      actual: { wonValue: 250.5, wonCount: 1, activitiesDone: 0 },
      pace: { wonValue: 566.95 },
    });
    expect(itemOf(res.body, admin)).toMatchObject({ goal: null, pace: { wonValue: null } });
  });

  it('answers the current month of the viewer’s time zone when none is given, and only their own to others', async () => {
    const res = await users.employee.get('/api/crm/goals');
    expect(res.status, res.text).toBe(200);
    expect(res.body.month).toBe('2026-11');
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ userId: users.ids.employee, goal: { wonValue: 30000 } });
    // The developer keeps UTC: the 18th, and November's activities counted in UTC days.
    const developer = await users.developer.get('/api/crm/goals');
    expect(developer.body).toMatchObject({ month: '2026-11', dayOfMonth: 18 });
    expect(developer.body.items.map((i: Item) => i.userId)).toEqual([users.ids.developer]);
  });

  it('a past month’s pace is the whole goal; a PUT replaces the month, people left out lose theirs', async () => {
    const { employee, other } = users.ids;
    const october = await users.admin.request('PUT', '/api/crm/goals?month=2026-10', {
      items: [{ userId: employee, wonValue: 800, wonCount: null, activitiesDone: 4 }],
    });
    expect(october.status, october.text).toBe(200);
    expect(october.body).toMatchObject({ month: '2026-10', daysInMonth: 31, dayOfMonth: 31 });
    expect(itemOf(october.body, employee)).toMatchObject({
      goal: { wonValue: 800, wonCount: null, activitiesDone: 4 },
      // 500.00 won on 31 October; the activity completed on 1 November 02:00 UTC is October's in São Paulo.
      actual: { wonValue: 500, wonCount: 1, activitiesDone: 1 },
      pace: { wonValue: 800 },
    });
    expect(itemOf(october.body, other)).toMatchObject({ goal: null, actual: { activitiesDone: 1 } });

    const replaced = await users.admin.request('PUT', '/api/crm/goals?month=2026-11', {
      items: [{ userId: employee, wonValue: 4000 }],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(itemOf(replaced.body, employee)?.goal).toEqual({ wonValue: 4000, wonCount: null, activitiesDone: null });
    expect(itemOf(replaced.body, other)?.goal).toBeNull();
    // A future month: nothing elapsed yet.
    const december = await users.admin.get('/api/crm/goals?month=2026-12');
    expect(december.body).toMatchObject({ daysInMonth: 31, dayOfMonth: 0 });
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const { employee } = users.ids;
    const before = (await users.admin.get('/api/crm/goals?month=2026-11')).body;
    for (const month of ['2026-13', '2026-1', 'nov', '2026-11-01', '0099-01']) {
      const res = await users.admin.get(`/api/crm/goals?month=${month}`);
      expect(res.status, month).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['query.month']);
    }
    const bad = async (body: unknown, path: string, named: string, month = '2026-11') => {
      const res = await users.admin.request('PUT', `/api/crm/goals?month=${month}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
      const detail = res.body.error.details.find((d: { path: string }) => d.path === path);
      expect(detail, res.text).toBeDefined();
      expect(detail.message).toContain(named);
    };
    await bad({ items: [{ userId: employee, wonValue: -1 }] }, 'items.0.wonValue', 'items[0].wonValue');
    await bad({ items: [{ userId: employee, wonValue: 'lots' }] }, 'items.0.wonValue', 'items[0].wonValue');
    await bad({ items: [{ userId: employee }] }, 'items.0.wonValue', 'items[0].wonValue');
    await bad({ items: [{ userId: employee, wonValue: 1e15 }] }, 'items.0.wonValue', 'items[0].wonValue');
    await bad({ items: [{ userId: employee, wonValue: 1, wonCount: 1.5 }] }, 'items.0.wonCount', 'items[0].wonCount');
    await bad(
      {
        items: [
          { userId: employee, wonValue: 1 },
          { userId: 2_000_000_000, wonValue: 1 },
        ],
      },
      'items.1.userId',
      'items[1].userId',
    );
    await bad(
      {
        items: [
          { userId: employee, wonValue: 1 },
          { userId: employee, wonValue: 2 },
        ],
      },
      'items.1',
      'items[1]',
    );
    await bad({ items: [{ userId: employee, wonValue: 1, extra: true }] }, 'items.0.extra', 'items[0].extra');
    await bad({}, 'items', 'items');
    await bad({ items: [] }, 'query.month', 'month', '2026-00');
    expect((await users.admin.get('/api/crm/goals?month=2026-11')).body).toEqual(before);
  });

  it('refuses a PUT to anyone but an admin (403), and changes nothing', async () => {
    const before = (await users.admin.get('/api/crm/goals?month=2026-11')).body;
    for (const client of [users.employee, users.developer]) {
      const res = await client.request('PUT', '/api/crm/goals?month=2026-11', {
        items: [{ userId: users.ids.employee, wonValue: 1 }],
      });
      expect(res.status).toBe(403);
      expectErrorShape(res.body);
    }
    expect((await users.admin.get('/api/crm/goals?month=2026-11')).body).toEqual(before);
  });
});

describe('goals: GET /api/crm/goals/history', () => {
  it('answers the last months up to the current one, oldest first, goal against what was done', async () => {
    const res = await users.employee.get('/api/crm/goals/history?months=2');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ userId: users.ids.employee });
    expect(res.body.items).toEqual([
      {
        month: '2026-10',
        daysInMonth: 31,
        goal: { wonValue: 800, wonCount: null, activitiesDone: 4 },
        actual: { wonValue: 500, wonCount: 1, activitiesDone: 1 },
        pace: { wonValue: 800 },
      },
      {
        month: '2026-11',
        daysInMonth: 30,
        goal: { wonValue: 4000, wonCount: null, activitiesDone: null },
        actual: { wonValue: 1200, wonCount: 1, activitiesDone: 1 },
        // 4,000 × 17 / 30
        pace: { wonValue: 2266.67 },
      },
    ]);
    expect((await users.employee.get('/api/crm/goals/history')).body.items).toHaveLength(6);
  });

  it('lets an admin read anyone, others only themselves', async () => {
    expect((await users.employee.get(`/api/crm/goals/history?userId=${users.ids.employee}`)).status).toBe(200);
    expect((await users.employee.get(`/api/crm/goals/history?userId=${users.ids.other}`)).status).toBe(403);
    const admin = await users.admin.get(`/api/crm/goals/history?userId=${users.ids.other}&months=1`);
    expect(admin.status, admin.text).toBe(200);
    expect(admin.body.items[0]).toMatchObject({ month: '2026-11', actual: { wonValue: 250.5, wonCount: 1 } });
    expect((await users.admin.get('/api/crm/goals/history?userId=2000000000')).status).toBe(404);
    expect((await users.admin.get('/api/crm/goals/history?months=25')).status).toBe(400);
  });
});

describe('goals per pipeline', () => {
  it("counts one pipeline's won deals against that pipeline's goals; the goals for every pipeline stay apart", async () => {
    const { employee } = users.ids;
    const month = async (query: string, client = users.admin) => {
      const res = await client.get(`/api/crm/goals?month=2026-11${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    type Line = { userId: number; goal: unknown; actual: { wonValue: number; activitiesDone: number } };
    const employeeOf = (body: { items: Line[] }) => body.items.find((item) => item.userId === employee)!;
    const everyBefore = employeeOf(await month(''));

    expect((await users.admin.post('/api/crm/pipelines', RENEWALS_PIPELINE)).status).toBe(201);
    const renewal = await users.admin.post('/api/crm/deals', {
      title: 'renewal',
      value: '800.00',
      pipeline: 'renewals',
      ownerId: employee,
    });
    // Its won stage is 'Fechado': found by its kind.
    const won = await users.admin.post(`/api/crm/deals/${renewal.body.id}/move`, {
      stage: 'Fechado',
      closedAt: '2026-11-15',
    });
    expect(won.status, won.text).toBe(200);

    const put = await users.admin.request('PUT', '/api/crm/goals?month=2026-11&pipeline=renewals', {
      items: [{ userId: employee, wonValue: 2000 }],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.pipeline).toBe('renewals');
    expect(employeeOf(put.body)).toMatchObject({
      goal: { wonValue: 2000, wonCount: null, activitiesDone: null },
      actual: { wonValue: 800, wonCount: 1, activitiesDone: everyBefore.actual.activitiesDone },
      pace: { wonValue: 1133.33 },
    });
    // Every pipeline: the same goal as before, the renewal added to what was won.
    const every = await month('');
    expect(every.pipeline).toBeNull();
    expect(employeeOf(every).goal).toEqual(everyBefore.goal);
    expect(employeeOf(every).actual.wonValue).toBe(everyBefore.actual.wonValue + 800);
    // The employee reads their own, per pipeline too.
    expect(employeeOf(await month('&pipeline=renewals', users.employee))).toMatchObject({ goal: { wonValue: 2000 } });
    const history = await users.admin.get(`/api/crm/goals/history?userId=${employee}&months=2&pipeline=renewals`);
    expect(history.body.pipeline).toBe('renewals');
    expect(history.body.items.at(-1)).toMatchObject({
      month: '2026-11',
      goal: { wonValue: 2000 },
      actual: { wonValue: 800 },
    });

    // Replacing one pipeline's goals leaves the others.
    const cleared = await users.admin.request('PUT', '/api/crm/goals?month=2026-11&pipeline=renewals', { items: [] });
    expect(employeeOf(cleared.body).goal).toBeNull();
    expect(employeeOf(await month('')).goal).toEqual(everyBefore.goal);
  });

  it('answers 404 for a pipeline that does not exist, and changes nothing', async () => {
    const rows = await server.runtime.db.knex('crm_goals').count({ n: '*' }).first();
    const read = await users.admin.get('/api/crm/goals?pipeline=none-such');
    expect([read.status, read.body.error.code]).toEqual([404, 'PIPELINE.NOT_FOUND']);
    const put = await users.admin.request('PUT', '/api/crm/goals?month=2026-11&pipeline=none-such', {
      items: [{ userId: users.ids.employee, wonValue: 10 }],
    });
    expect(put.status).toBe(404);
    const malformed = await users.admin.get('/api/crm/goals/history?pipeline=Renova%C3%A7%C3%B5es');
    expect([malformed.status, malformed.body.error.details[0].path]).toEqual([400, 'query.pipeline']);
    expect(await server.runtime.db.knex('crm_goals').count({ n: '*' }).first()).toEqual(rows);
  });
});
