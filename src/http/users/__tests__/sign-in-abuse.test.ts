import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, REGISTER_LIMITS, signInPace } from '../../../domain/users/auth.service';
import {
  startTestServer,
  TestClient,
  uniqueName,
  type TestResponse,
  type TestServer,
} from '../../../../tests/support/test-server';

// Sign-in limits under parallel bursts, look-alike usernames and several deployments on one Redis (issue 14).
let server: TestServer;
let admin: TestClient;
const PASSWORD = 'burst-test-password';
// An address past its failures paced at one check a second rather than the default three (SIGN_IN_PACE_MS): the same
// rules, in a third of the waiting. The reliability suite's abuse test keeps the default.
const PACE = signInPace(1000);

beforeAll(async () => {
  // One address's requests all run at once (the app queues them 2 at a time by default), so its bursts meet
  // the sign-in counters in parallel: what these tests are about.
  server = await startTestServer({
    limits: { concurrentPerUser: 100, queuedPerUser: 100 },
    signInPaceMs: PACE.everyMs,
  });
  admin = server.client();
  const res = await admin.post('/api/register', {
    username: uniqueName('root'),
    password: PASSWORD,
    name: 'Root',
    initials: 'rt',
    role: 'admin',
  });
  expect(res.status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

async function registerEmployee(username = uniqueName('emp')) {
  const res = await server
    .client()
    .post('/api/register', { username, password: PASSWORD, name: 'Employee', initials: 'em' });
  expect(res.status).toBe(201);
  return { username, id: res.body.id as number };
}

/** How many responses had each status; the body of any other than 200/201/401/429 is shown on failure. */
function statuses(responses: TestResponse[]) {
  const counts: Record<number | string, number | string> = {};
  for (const res of responses) {
    counts[res.status] = ((counts[res.status] as number | undefined) ?? 0) + 1;
    if (![200, 201, 401, 429].includes(res.status)) counts[`${res.status} body`] = res.text;
  }
  return counts;
}

/** `count` requests, 50 at a time: more at once would find the argon2 queue (64 waiting) full and get 503. */
async function inBatches(count: number, send: (i: number) => Promise<TestResponse>) {
  const responses: TestResponse[] = [];
  for (let from = 0; from < count; from += 50) {
    responses.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, count - from) }, (_, i) => send(from + i)))),
    );
  }
  return responses;
}

async function throttledEvents(userId: number) {
  const res = await admin.get(`/api/admin/security-events?userId=${userId}&type=sign_in_throttled`);
  expect(res.status).toBe(200);
  return res.body.items as { details: { retryAfterSeconds: number } }[];
}

describe('a parallel burst of sign-ins', () => {
  it('lets exactly the per-account limit reach the password check; the rest get 429, and the right password after them too', async () => {
    const { username, id } = await registerEmployee();
    // Each from its own address, so only the account's limit applies.
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => server.client().post('/api/login', { username, password: `wrong-${i}` })),
    );
    expect(statuses(burst)).toEqual({ 401: LOGIN_LIMITS.perAccount, 429: 50 - LOGIN_LIMITS.perAccount });
    for (const res of burst.filter((r) => r.status === 429)) {
      expect(res.body.error.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const right = await Promise.all(
      Array.from({ length: 10 }, () => server.client().post('/api/login', { username, password: PASSWORD })),
    );
    expect(statuses(right)).toEqual({ 429: 10 });
    expect(right.every((res) => res.headers.getSetCookie().length === 0)).toBe(true);
    // The block was logged once, by the failure that started it.
    const throttled = await throttledEvents(id);
    expect(throttled).toHaveLength(1);
    expect(throttled[0].details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('checks every failure from one address at full speed up to the per-address limit, then paces them and refuses a queue', async () => {
    const client = server.client();
    const wrong = (i: number) => client.post('/api/login', { username: uniqueName(`ghost${i}x`), password: 'wrong' });
    expect(statuses(await inBatches(LOGIN_LIMITS.perIp, wrong))).toEqual({ 401: LOGIN_LIMITS.perIp });
    // Past the limit, each check waits its turn; those that would wait too long get 429 at once.
    const started = performance.now();
    const paced = await Promise.all(Array.from({ length: 8 }, (_, i) => wrong(100 + i)));
    const checked = paced.filter((res) => res.status === 401).length;
    expect(checked + paced.filter((res) => res.status === 429).length).toBe(8);
    expect(checked).toBeGreaterThanOrEqual(PACE.maxWaitMs / PACE.everyMs - 1);
    expect(checked).toBeLessThan(8);
    expect(performance.now() - started).toBeGreaterThanOrEqual((checked - 1) * PACE.everyMs - 100);
    // Told to come back once its turn is near: at the configured pace, no later than a turn past the longest wait.
    for (const res of paced.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual((PACE.maxWaitMs + PACE.everyMs) / 1000);
    }
    // Another address is not held back by it.
    expect(
      (await server.client().post('/api/login', { username: uniqueName('ghost'), password: 'wrong' })).status,
    ).toBe(401);
  });

  it('creates at most the per-address number of accounts in a burst of registrations', async () => {
    const client = server.client();
    const burst = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.request('POST', '/api/register', {
          username: uniqueName('reg'),
          password: PASSWORD,
          name: 'Burst',
          initials: 'bu',
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 201: REGISTER_LIMITS.perIp, 429: 50 - REGISTER_LIMITS.perIp });
  });
});

describe('an office behind one address (issue 23)', () => {
  it('signs in 40 times in parallel from one address, a team at 8 am', async () => {
    const team = await Promise.all(Array.from({ length: 10 }, () => registerEmployee()));
    const office = server.client();
    const morning = await Promise.all(
      team.flatMap(({ username }) =>
        Array.from({ length: 4 }, () => office.post('/api/login', { username, password: PASSWORD })),
      ),
    );
    expect(statuses(morning)).toEqual({ 200: 40 });
  });

  it('still signs in with the right password after the address saw more failures than its limit, but not into a locked account', async () => {
    const { username } = await registerEmployee();
    const locked = await registerEmployee();
    const office = server.client();
    const failures = await inBatches(LOGIN_LIMITS.perIp + 1, (i) =>
      office.post('/api/login', { username: uniqueName(`typo${i}x`), password: 'wrong' }),
    );
    expect(statuses(failures)).toEqual({ 401: LOGIN_LIMITS.perIp + 1 });
    const right = await office.post('/api/login', { username, password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body.username).toBe(username);
    // Still 5 failures per account, from that address as from any other.
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect((await server.client().post('/api/login', { username: locked.username, password: 'wrong' })).status).toBe(
        401,
      );
    }
    const refused = await office.post('/api/login', { username: locked.username, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
  });
});

describe('look-alike usernames', () => {
  it('give no fresh attempts: once admin is locked, admİn (U+0130) with the right password gets 429', async () => {
    const username = uniqueName('admin');
    const { id } = await registerEmployee(username);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect((await server.client().post('/api/login', { username, password: 'wrong' })).status).toBe(401);
    }
    const dotted = username.replace('i', '\u0130');
    const res = await server.client().post('/api/login', { username: dotted, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(
      (await server.client().post('/api/login', { username: dotted.toUpperCase(), password: 'wrong' })).status,
    ).toBe(429);
    expect(await throttledEvents(id)).toHaveLength(1);
  });

  it('name the same account and count against it, whatever the case, width or dotted i', async () => {
    const username = uniqueName('admin');
    const { id } = await registerEmployee(username);
    const dotted = username.replace('i', '\u0130');
    const wide = [...username]
      .map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) - 0x61 + 0xff41) : c))
      .join('');
    // Each alias signs in to that account (the same id); the right password resets its count.
    for (const typed of [dotted, ` ${wide.toUpperCase()} `]) {
      const res = await server.client().post('/api/login', { username: typed, password: PASSWORD });
      expect(res.status, typed).toBe(200);
      expect(res.body.id).toBe(id);
    }
    // Failures under any spelling count against the one account.
    for (const typed of [username, username.toUpperCase(), dotted, wide, username]) {
      expect((await server.client().post('/api/login', { username: typed, password: 'wrong' })).status).toBe(401);
    }
    for (const typed of [dotted, wide, username]) {
      expect((await server.client().post('/api/login', { username: typed, password: PASSWORD })).status, typed).toBe(
        429,
      );
    }
  });

  it('cannot be registered, through the API or in the database', async () => {
    const res = await server.client().post('/api/register', {
      username: `adm\u0130n${Date.now()}`,
      password: PASSWORD,
      name: 'Alias',
      initials: 'al',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('username');
    await expect(
      server.runtime.db
        .knex('users')
        .insert({ username: `adm\u0130n${Date.now()}`, password: 'x', name: 'A', initials: 'AA' }),
    ).rejects.toThrow(/users_username_ascii_check/);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two deployments on one Redis', () => {
  it('keep their own sign-in counters, under their own prefix', async () => {
    const other = await startTestServer();
    try {
      expect(other.runtime.config.queuePrefix).not.toBe(server.runtime.config.queuePrefix);
      const username = uniqueName('shared');
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
        expect((await server.client().post('/api/login', { username, password: 'wrong' })).status).toBe(401);
      }
      expect((await server.client().post('/api/login', { username, password: 'wrong' })).status).toBe(429);
      // The other deployment has not seen those attempts.
      expect((await other.client().post('/api/login', { username, password: 'wrong' })).status).toBe(401);
      const keys = await server.runtime.redis!.keys(`${server.runtime.config.queuePrefix}:ratelimit:login:account:*`);
      expect(keys).toContain(`${server.runtime.config.queuePrefix}:ratelimit:login:account:${username}`);
    } finally {
      await other.stop();
    }
  });
});
