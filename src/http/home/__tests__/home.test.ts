import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import { startTestServer, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, expectErrorShape, RENEWALS_PIPELINE, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

// Wednesday 2026-11-18 02:30 UTC is still Tuesday the 17th, 23:30, in São Paulo (UTC-3): day 17 of November's 30,
// in the week from Monday 16 November 03:00 UTC to Monday 23 November 03:00 UTC.
const NOW = new Date('2026-11-18T02:30:00Z');
const clock: Clock = { now: () => NOW };

let server: TestServer;
let users: CrmUsers;
const ids: Record<string, number> = {};

const timeZone = async (client: TestClient, zone: string) => {
  const res = await client.request('PUT', '/api/notifications/settings', {
    email: null,
    language: 'pt',
    timeZone: zone,
  });
  expect(res.status, res.text).toBe(200);
};
const created = async (client: TestClient, path: string, body: object): Promise<number> => {
  const res = await client.post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
};
const knex = () => server.runtime.db.knex;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  users = await createCrmUsers(server);
  for (const client of [users.admin, users.employee, users.other]) await timeZone(client, 'America/Sao_Paulo');
  const { employee, other } = users.ids;
  const deal = (body: object) => created(users.admin, '/api/crm/deals', body);
  const activity = (client: TestClient, body: object) => created(client, '/api/crm/activities', body);

  ids.contact = await created(users.employee, '/api/crm/contacts', { name: 'Ana Agenda' });
  // The employee's open deals (stage probabilities: prospecting 10, qualification 25, proposal 50, negotiation 75).
  ids.d1 = await deal({
    title: 'D1',
    value: '1000.00',
    stage: 'prospecting',
    ownerId: employee,
    expectedCloseDate: '2026-11-25',
  });
  ids.d2 = await deal({
    title: 'D2',
    value: '2000.00',
    stage: 'proposal',
    ownerId: employee,
    expectedCloseDate: '2026-12-01',
  });
  ids.d3 = await deal({
    title: 'D3',
    value: '500.00',
    stage: 'proposal',
    ownerId: employee,
    probability: 80,
    expectedCloseDate: '2026-11-30',
  });
  ids.d4 = await deal({ title: 'D4', value: '3000.00', stage: 'negotiation', ownerId: employee });
  ids.dOther = await deal({ title: 'D other', value: '800.00', stage: 'qualification', ownerId: other });

  // The employee's agenda.
  ids.a1 = await activity(users.employee, { subject: 'A1', dueDate: '2026-11-17T10:00:00Z', contactId: ids.contact });
  ids.a2 = await activity(users.employee, { subject: 'A2', dueDate: '2026-11-10T10:00:00Z', dealId: ids.d1 });
  ids.a3 = await activity(users.employee, { subject: 'A3', dueDate: '2026-11-18T02:45:00Z' }); // 23:45 local
  ids.a4 = await activity(users.employee, { subject: 'A4', dueDate: '2026-11-18T03:30:00Z' }); // 00:30 tomorrow, local
  ids.a5 = await activity(users.employee, { subject: 'A5 done', dueDate: '2026-11-17T09:00:00Z', status: 'completed' });
  ids.a6 = await activity(users.other, { subject: 'A6', dueDate: '2026-11-17T09:00:00Z' });
  ids.a7 = await activity(users.employee, { subject: 'A7', dueDate: '2026-12-02T12:00:00Z', dealId: ids.d2 });
  ids.a8 = await activity(users.employee, { subject: 'A8 done', dealId: ids.d3, status: 'completed' });

  // Completed around the week's edges, and new contacts around them.
  await knex()('activities').insert([
    { subject: 'W1', status: 'completed', completedAt: '2026-11-16T10:00:00Z', assignedTo: employee },
    { subject: 'W2', status: 'completed', completedAt: '2026-11-16T02:00:00Z', assignedTo: employee }, // Sunday local
    { subject: 'W3', status: 'completed', completedAt: '2026-11-17T12:00:00Z', assignedTo: other },
    { subject: 'W4', status: 'completed', completedAt: '2026-11-17T13:00:00Z', assignedTo: other },
  ]);
  await knex()('contacts').insert([
    { name: 'L1', source: 'site', createdAt: '2026-11-17T12:00:00Z' },
    { name: 'L2', source: 'site', createdAt: '2026-11-20T12:00:00Z' },
    { name: 'L3', source: 'Indicação', createdAt: '2026-11-19T12:00:00Z' },
    { name: 'L4', source: '', createdAt: '2026-11-18T01:00:00Z' },
    { name: 'L5', source: 'site', createdAt: '2026-11-16T02:00:00Z' }, // Sunday local
    { name: 'L6', source: 'site', createdAt: '2026-11-23T03:30:00Z' }, // next Monday local
  ]);
  // When each deal last changed (stale after 14 days in every seeded stage).
  for (const [deal, at] of [
    [ids.d1, '2026-11-10T12:00:00Z'],
    [ids.d2, '2026-11-17T12:00:00Z'],
    [ids.d3, '2026-10-01T12:00:00Z'],
    [ids.d4, '2026-11-16T12:00:00Z'],
    [ids.dOther, '2026-10-20T12:00:00Z'],
  ] as const)
    await knex()('deals').where({ id: deal }).update({ updatedAt: at });

  const goals = await users.admin.request('PUT', '/api/crm/goals?month=2026-11', {
    items: [
      { userId: employee, wonValue: 4000, wonCount: 2 },
      { userId: other, wonValue: 1000 },
    ],
  });
  expect(goals.status, goals.text).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

const get = async (client: TestClient, path: string) => {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);

describe('home: agenda', () => {
  it('lists the person’s overdue activities (oldest first), then today’s, in their time zone', async () => {
    const agenda = await get(users.employee, '/api/home/agenda');
    expect(idsOf(agenda.overdue.items)).toEqual([ids.a2, ids.a1]);
    expect(agenda.overdue.total).toBe(2);
    // A3 is due at 23:45 in São Paulo: today; A4 at 00:30 tomorrow, though on the same UTC day.
    expect(idsOf(agenda.today.items)).toEqual([ids.a3]);
    expect(agenda.today.total).toBe(1);
    expect(agenda.overdue.items[0]).toMatchObject({ subject: 'A2', dealTitle: 'D1', status: 'pending' });
    expect(agenda.overdue.items[1]).toMatchObject({ subject: 'A1', contactName: 'Ana Agenda' });
    expect(await get(users.employee, `/api/home/agenda?userId=${users.ids.employee}`)).toEqual(agenda);
  });

  it('follows the time zone of the viewer’s settings: in UTC, A4 is today too', async () => {
    await timeZone(users.employee, 'UTC');
    try {
      const agenda = await get(users.employee, '/api/home/agenda');
      expect(idsOf(agenda.today.items)).toEqual([ids.a3, ids.a4]);
    } finally {
      await timeZone(users.employee, 'America/Sao_Paulo');
    }
  });

  it('gives an admin the whole team, or one person', async () => {
    const team = await get(users.admin, '/api/home/agenda');
    expect(idsOf(team.overdue.items)).toEqual([ids.a2, ids.a6, ids.a1]);
    expect(idsOf(team.today.items)).toEqual([ids.a3]);
    const other = await get(users.admin, `/api/home/agenda?userId=${users.ids.other}`);
    expect(idsOf(other.overdue.items)).toEqual([ids.a6]);
    expect(other.today).toEqual({ items: [], total: 0 });
  });
  it('answers each activity exactly as the activities list does (the same fields and values, ready to PATCH)', async () => {
    // A1 gets a reminder choice of its own; the others keep the default lead time.
    expect((await users.employee.patch(`/api/crm/activities/${ids.a1}`, { reminderMinutes: 60 })).status).toBe(200);
    const listed = async (client: TestClient, query: string) =>
      (await get(client, `/api/crm/activities?status=pending&order=due&limit=50&${query}`)).items;
    for (const [client, who] of [
      [users.employee, `&assignedTo=${users.ids.employee}`],
      [users.admin, ''],
    ] as const) {
      const agenda = await get(client, '/api/home/agenda');
      expect(agenda.overdue.items).toEqual(await listed(client, `dueBefore=${NOW.toISOString()}${who}`));
      expect(agenda.today.items).toEqual(
        await listed(client, `dueFrom=${NOW.toISOString()}&dueBefore=2026-11-18T03:00:00.000Z${who}`),
      );
    }
    const [a1] = (await get(users.employee, '/api/home/agenda')).overdue.items.filter(
      (item: { id: number }) => item.id === ids.a1,
    );
    expect(a1).toMatchObject({ reminderMinutes: 60, contactName: 'Ana Agenda', assignedToName: expect.any(String) });
  });

  it('shows the first 50 of a long list and counts them all, as the activities screen counts its pending tab', async () => {
    await knex()('activities').insert(
      Array.from({ length: 52 }, (_, i) => ({
        subject: `Late ${i}`,
        dueDate: new Date(Date.parse('2026-11-01T10:00:00Z') + i * 60_000),
        assignedTo: users.ids.other,
        createdBy: users.ids.other,
      })),
    );
    const agenda = await get(users.admin, `/api/home/agenda?userId=${users.ids.other}`);
    expect(agenda.overdue.items).toHaveLength(50);
    expect(agenda.overdue.items[0].subject).toBe('Late 0');
    expect(agenda.overdue.total).toBe(53);
    const counts = await get(
      users.admin,
      `/api/crm/activities/counts?assignedTo=${users.ids.other}&dueBefore=${NOW.toISOString()}`,
    );
    expect(counts.pending).toBe(53);
  });
});

describe('home: no next step', () => {
  it('lists the person’s open deals with no pending activity, the longest unchanged first', async () => {
    // D1 and D2 have a pending activity (A2, A7); D3 only a completed one (A8).
    const mine = await get(users.employee, '/api/home/no-next-step');
    expect(idsOf(mine.items)).toEqual([ids.d3, ids.d4]);
    expect(mine.total).toBe(2);
    expect(mine.items[0]).toMatchObject({
      title: 'D3',
      value: 500,
      stage: 'proposal',
      probability: 80,
      expectedCloseDate: '2026-11-30',
      ownerId: users.ids.employee,
      updatedAt: '2026-10-01T12:00:00.000Z',
    });
    const team = await get(users.admin, '/api/home/no-next-step');
    expect(idsOf(team.items)).toEqual([ids.d3, ids.dOther, ids.d4]);
    expect(team.total).toBe(3);
  });
});

type Stage = { stage: string; name: string; color: string; count: number; value: number; weighted: number };
type Summary = { stage: string; kind: string; dealCount: number; valueSum: string; weightedValueSum: string };

describe('home: pipeline', () => {
  const byStage = (stages: Stage[]) => Object.fromEntries(stages.map((s) => [s.stage, [s.count, s.value, s.weighted]]));
  /** The board's stage summary for the same owner, open stages only, in the home's shape. */
  const board = async (query: string) => {
    const items: Summary[] = (await get(users.admin, `/api/crm/pipeline-stages/default/summary${query}`)).items;
    return Object.fromEntries(
      items
        .filter((s) => s.kind === 'open')
        .map((s) => [s.stage, [s.dealCount, Number(s.valueSum), Number(s.weightedValueSum)]]),
    );
  };

  it('counts the open deals by stage as the board does, with this month’s closings; a won deal leaves it', async () => {
    const mine = await get(users.employee, '/api/home/pipeline');
    // Weighted: 1,000 × 10%; 2,000 × 50% + 500 × 80% (set by hand); 3,000 × 75%.
    expect(byStage(mine.stages)).toEqual({
      prospecting: [1, 1000, 100],
      qualification: [0, 0, 0],
      proposal: [2, 2500, 1400],
      negotiation: [1, 3000, 2250],
    });
    expect(mine.stages[0]).toMatchObject({ stage: 'prospecting', name: 'prospecting', color: '#3B82F6' });
    expect(byStage(mine.stages)).toEqual(await board(`?owner=${users.ids.employee}`));
    // D1 closes on the 25th, D3 on the 30th; D2 on 1 December.
    expect(mine.closingThisMonth).toMatchObject({ count: 2, value: 1500 });
    expect(idsOf(mine.closingThisMonth.items)).toEqual([ids.d1, ids.d3]);

    const team = await get(users.admin, '/api/home/pipeline');
    expect(byStage(team.stages)).toEqual({ ...byStage(mine.stages), qualification: [1, 800, 200] });
    expect(byStage(team.stages)).toEqual(await board(''));

    const won = await users.employee.post(`/api/crm/deals/${ids.d4}/move`, { stage: 'won', closedAt: '2026-11-10' });
    expect(won.status, won.text).toBe(200);
    const after = await get(users.employee, '/api/home/pipeline');
    expect(byStage(after.stages).negotiation).toEqual([0, 0, 0]);
    expect(byStage(after.stages)).toEqual(await board(`?owner=${users.ids.employee}`));
    expect(await get(users.employee, '/api/home/no-next-step')).toMatchObject({ items: [{ id: ids.d3 }], total: 1 });
  });

  it('shows another pipeline’s open stages and closings when asked, the default one’s otherwise', async () => {
    expect((await users.admin.post('/api/crm/pipelines', RENEWALS_PIPELINE)).status).toBe(201);
    const r1 = await created(users.admin, '/api/crm/deals', {
      title: 'R1',
      value: '700.00',
      pipeline: 'renewals',
      ownerId: users.ids.employee,
      expectedCloseDate: '2026-11-28',
    });
    try {
      const renewals = await get(users.employee, '/api/home/pipeline?pipeline=renewals');
      expect(renewals.pipeline).toBe('renewals');
      expect(byStage(renewals.stages)).toEqual({ Aberta: [1, 700, 280] });
      expect(renewals.closingThisMonth).toMatchObject({ count: 1, value: 700 });
      expect(idsOf(renewals.closingThisMonth.items)).toEqual([r1]);
      const main = await get(users.employee, '/api/home/pipeline');
      expect(main.pipeline).toBe('default');
      expect(Object.keys(byStage(main.stages))).toEqual(['prospecting', 'qualification', 'proposal', 'negotiation']);
      expect(idsOf(main.closingThisMonth.items)).not.toContain(r1);
      expect(await get(users.employee, '/api/home/pipeline?pipeline=default')).toEqual(main);

      const missing = await users.employee.get('/api/home/pipeline?pipeline=none-such');
      expect([missing.status, missing.body.error.code]).toEqual([404, 'PIPELINE.NOT_FOUND']);
      const malformed = await users.employee.get('/api/home/pipeline?pipeline=N%C3%A3o');
      expect([malformed.status, malformed.body.error.details[0].path]).toEqual([400, 'query.pipeline']);
    } finally {
      expect((await users.admin.delete(`/api/crm/deals/${r1}`)).status).toBe(204);
    }
  });
});

describe('home: goal', () => {
  it('answers the person’s month: goal, what was done, pace', async () => {
    // Won: D4 (3,000.00, on the 10th). Done in November, São Paulo: A5 and A8 (now), W1 and W2 (W2 is 15 November).
    expect(await get(users.employee, '/api/home/goal')).toEqual({
      goal: { wonValue: 4000, wonCount: 2, activitiesDone: null },
      actual: { wonValue: 3000, wonCount: 1, activitiesDone: 4 },
      pace: { wonValue: 2266.67 },
    });
    expect(await get(users.admin, `/api/home/goal?userId=${users.ids.employee}`)).toEqual(
      await get(users.employee, '/api/home/goal'),
    );
  });

  it('adds the team up for an admin', async () => {
    // Goals 4,000 + 1,000 (a count only from the employee); done: the employee's 4 and the other's W3 and W4.
    expect(await get(users.admin, '/api/home/goal')).toEqual({
      goal: { wonValue: 5000, wonCount: 2, activitiesDone: null },
      actual: { wonValue: 3000, wonCount: 1, activitiesDone: 6 },
      pace: { wonValue: 2833.33 },
    });
    const nobody = await get(users.admin, `/api/home/goal?userId=${users.ids.developer}`);
    expect(nobody).toEqual({
      goal: null,
      actual: { wonValue: 0, wonCount: 0, activitiesDone: 0 },
      pace: { wonValue: null },
    });
  });
});

describe('home: recent contacts', () => {
  it('lists the contacts the person last touched by hand, newest first', async () => {
    const make = (name: string) => created(users.developer, '/api/crm/contacts', { name });
    const r1 = await make('R1');
    const r2 = await make('R2');
    const r3 = await make('R3');
    const acme = await created(users.developer, '/api/crm/companies', { name: 'Acme' });
    expect((await users.developer.patch(`/api/crm/contacts/${r1}`, { companyId: acme })).status).toBe(200);
    // A change of the list's selection is nobody's work on a contact.
    const bulk = await users.developer.post('/api/crm/contacts/bulk', {
      ids: [r2],
      action: 'update',
      status: 'customer',
    });
    expect(bulk.status, bulk.text).toBe(200);
    const mine = await get(users.developer, '/api/home/recent-contacts');
    expect(idsOf(mine.items)).toEqual([r1, r3, r2]);
    expect(mine.items[0]).toMatchObject({ name: 'R1', company: 'Acme', status: 'lead', touchedAt: expect.any(String) });
    // A deleted contact is gone from it.
    expect((await users.developer.delete(`/api/crm/contacts/${r3}`)).status).toBe(204);
    expect(idsOf((await get(users.developer, '/api/home/recent-contacts')).items)).toEqual([r1, r2]);
    expect(await get(users.admin, `/api/home/recent-contacts?userId=${users.ids.developer}`)).toEqual(
      await get(users.developer, '/api/home/recent-contacts'),
    );
    expect(idsOf((await get(users.admin, '/api/home/recent-contacts')).items).slice(0, 2)).toEqual([r1, r2]);
  });
});

describe('home: team (admins)', () => {
  it('answers activities done this week, stale deals, this month’s goals and new leads by source', async () => {
    const team = await get(users.admin, '/api/home/team');
    const done = Object.fromEntries(
      team.activitiesDoneThisWeek.map((p: { userId: number; count: number }) => [p.userId, p.count]),
    );
    // The employee: A5, A8 (now) and W1; W2 was Sunday evening in São Paulo. The other: W3 and W4.
    expect(done).toEqual({
      [users.ids.employee]: 3,
      [users.ids.other]: 2,
      [users.ids.admin]: 0,
      [users.ids.developer]: 0,
    });
    expect(team.activitiesDoneThisWeek[0]).toMatchObject({ userId: users.ids.employee, userName: expect.any(String) });
    // Unchanged for more than 14 days: D3 (since 1 October) and D other (since 20 October); D1 for 7 days only.
    expect(team.staleDeals).toEqual(
      [
        expect.objectContaining({ userId: users.ids.employee, count: 1, value: 500 }),
        expect.objectContaining({ userId: users.ids.other, count: 1, value: 800 }),
      ].sort(() => 0),
    );
    expect(team.staleDeals).toHaveLength(2);
    expect(team.goals).toEqual((await get(users.admin, '/api/crm/goals')).items);
    expect(team.newLeadsThisWeek).toEqual([
      { source: 'site', count: 2 },
      { source: 'Indicação', count: 1 },
      { source: null, count: 1 },
    ]);
  });

  it('reads the stale days of each stage', async () => {
    const stages = (await get(users.admin, '/api/crm/pipeline-stages/default')).items as {
      id: number;
      stage: string;
    }[];
    const qualification = stages.find((s) => s.stage === 'qualification')!;
    const patched = await users.admin.patch(`/api/crm/pipeline-stages/default/${qualification.id}`, { staleDays: 40 });
    expect(patched.status, patched.text).toBe(200);
    const team = await get(users.admin, '/api/home/team');
    expect(team.staleDeals).toEqual([expect.objectContaining({ userId: users.ids.employee, count: 1, value: 500 })]);
  });
});

describe('home: who may see what', () => {
  const SECTIONS = ['agenda', 'no-next-step', 'pipeline', 'goal', 'recent-contacts'];

  it('lets others see only themselves (403 for someone else) and admins anyone (404 for nobody)', async () => {
    for (const section of SECTIONS) {
      const path = `/api/home/${section}`;
      expect((await users.employee.get(`${path}?userId=${users.ids.employee}`)).status, section).toBe(200);
      const refused = await users.employee.get(`${path}?userId=${users.ids.other}`);
      expect(refused.status, section).toBe(403);
      expectErrorShape(refused.body);
      expect((await users.developer.get(`${path}?userId=${users.ids.admin}`)).status, section).toBe(403);
      expect((await users.admin.get(`${path}?userId=${users.ids.other}`)).status, section).toBe(200);
      expect((await users.admin.get(`${path}?userId=2000000000`)).status, section).toBe(404);
      const bad = await users.admin.get(`${path}?userId=abc`);
      expect(bad.status, section).toBe(400);
      expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(['query.userId']);
      expect((await server.client().get(path)).status, section).toBe(401);
    }
  });

  it('keeps the team to admins', async () => {
    for (const client of [users.employee, users.developer]) {
      const res = await client.get('/api/home/team');
      expect(res.status).toBe(403);
      expectErrorShape(res.body);
    }
  });
});
