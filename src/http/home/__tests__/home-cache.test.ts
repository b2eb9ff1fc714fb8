import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HomeRepository } from '../../../domain/home/home.ports';
import { HOME_REPOSITORY } from '../../../domain/home/home.tokens';
import { startServer, type StartedServer } from '../../../main/server';
import { TestClient, testConfig } from '../../../../tests/support/test-server';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';

// The home's sections are cached (issue 25): a second look reads nothing, any write shows at once, in this process
// and, through Redis, in another one on the same database.
const crm = useCrmServer();
const month = () => new Date().toISOString().slice(0, 7);
const team = async (client: TestClient = crm.users.admin) => {
  const res = await client.get('/api/home/team');
  expect(res.status, res.text).toBe(200);
  return res.body as { goals: { userId: number; goal: { wonValue: number } | null }[] };
};
const goalOf = (body: Awaited<ReturnType<typeof team>>, userId: number) =>
  body.goals.find((g) => g.userId === userId)?.goal?.wonValue ?? null;
const setGoal = (client: TestClient, userId: number, wonValue: number) =>
  client.request('PUT', `/api/crm/goals?month=${month()}`, { items: [{ userId, wonValue }] });

let repository: HomeRepository;
beforeAll(() => {
  repository = crm.server.runtime.container.get<HomeRepository>(HOME_REPOSITORY);
});

describe('home sections cached', () => {
  it('reads the team once for repeated looks, and again right after a write changes it', async () => {
    const reads = vi.spyOn(repository, 'team');
    const { employee } = crm.users.ids;
    expect((await setGoal(crm.users.admin, employee, 1000)).status).toBe(200);
    expect(goalOf(await team(), employee)).toBe(1000);
    expect(goalOf(await team(), employee)).toBe(1000);
    expect(reads).toHaveBeenCalledTimes(1);

    // A read elsewhere changes nothing; a write (in a transaction) shows on the next look.
    expect((await crm.users.admin.get('/api/crm/contacts')).status).toBe(200);
    await team();
    expect(reads).toHaveBeenCalledTimes(1);
    expect((await setGoal(crm.users.admin, employee, 2500)).status).toBe(200);
    expect(goalOf(await team(), employee)).toBe(2500);
    expect(reads).toHaveBeenCalledTimes(2);

    // A refused write (rolled back) keeps what was read.
    const refused = await setGoal(crm.users.admin, 999_999, 1);
    expect(refused.status).toBe(400);
    expect(goalOf(await team(), employee)).toBe(2500);
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it('keeps one person’s figures apart from another’s and from the team’s', async () => {
    const { employee, other } = crm.users.ids;
    const created = await crm.users.employee.post('/api/crm/deals', { title: 'Cache D1', value: '100.00' });
    expect(created.status, created.text).toBe(201);
    const mine = await crm.users.employee.get('/api/home/no-next-step');
    const theirs = await crm.users.admin.get(`/api/home/no-next-step?userId=${other}`);
    const all = await crm.users.admin.get('/api/home/no-next-step');
    expect(mine.body.items.map((d: { title: string }) => d.title)).toContain('Cache D1');
    expect(theirs.body.items.map((d: { title: string }) => d.title)).not.toContain('Cache D1');
    expect(all.body.total).toBeGreaterThanOrEqual(mine.body.total);
    expect((await crm.users.admin.get(`/api/home/no-next-step?userId=${employee}`)).body).toEqual(mine.body);
    // The employee may not read someone else's, cached or not.
    expect((await crm.users.employee.get(`/api/home/no-next-step?userId=${other}`)).status).toBe(403);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('home sections cached, two app processes', () => {
  let second: StartedServer;
  beforeAll(async () => {
    const config = crm.server.runtime.config;
    second = await startServer(testConfig({ databaseUrl: config.databaseUrl, queuePrefix: config.queuePrefix }), {
      runWorkers: false,
    });
  });
  afterAll(async () => {
    await second?.stop();
  });

  it('shows at once in one process what was written through the other', async () => {
    const { employee } = crm.users.ids;
    const there = new TestClient(second.url);
    there.cookies = new Map(crm.users.admin.cookies);
    expect(goalOf(await team(), employee)).not.toBe(7777);
    expect(goalOf(await team(there), employee)).not.toBe(7777);
    expect((await setGoal(there, employee, 7777)).status).toBe(200);
    // Redis carries the news in a moment: the next look after it shows the new goal.
    await expect.poll(async () => goalOf(await team(), employee), { timeout: 2_000, interval: 20 }).toBe(7777);
    expect((await setGoal(crm.users.admin, employee, 8888)).status).toBe(200);
    await expect.poll(async () => goalOf(await team(there), employee), { timeout: 2_000, interval: 20 }).toBe(8888);
  });
});
