import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, signInPace } from '../../src/domain/users/auth.service';
import { startServer, type StartedServer } from '../../src/main/server';
import { startTestServer, testConfig, uniqueName, type TestServer } from '../support/test-server';
import { percentile, recordFigure, scale } from './support/figures';

/** The default pace of an address past its failures (no SIGN_IN_PACE_MS here). */
const PACE = signInPace();

// Abuse (issue 14): bursts of parallel sign-ins against two app instances sharing one PostgreSQL database and
// one Redis (the same QUEUE_PREFIX), as a deployment behind a load balancer. TRUST_PROXY=0, the default: the
// address is the connection's, and each simulated person connects from an address of its own on 127/8.

let first: TestServer;
let second: StartedServer;
const PASSWORD = 'abuse-test-password';

beforeAll(async () => {
  first = await startTestServer({ trustProxy: 0 });
  const { databaseUrl, queuePrefix } = first.runtime.config;
  // The same database and prefix (so the same counters); the first instance already migrated it.
  second = await startServer(testConfig({ databaseUrl, queuePrefix, trustProxy: 0 }), { runWorkers: false });
  const root = await post(
    first.url,
    '/api/register',
    { username: uniqueName('root'), password: PASSWORD, name: 'Root', initials: 'rt', role: 'admin' },
    '127.0.9.1',
  );
  expect(root.status).toBe(201);
});

afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

interface Answer {
  status: number;
  body: { error?: { code: string }; id?: number };
  cookie?: string;
  ms: number;
}

/** A same-origin JSON request from a given local address (127.x.y.z), like a browser on that network. */
function request(
  base: string,
  method: string,
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: from,
        agent: false,
        headers: { origin: base, ...(payload && { 'content-type': 'application/json' }), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const cookie = res.headers['set-cookie']?.map((c) => c.split(';')[0]).join('; ');
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            cookie,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const post = (base: string, path: string, body: unknown, from: string, headers?: Record<string, string>) =>
  request(base, 'POST', path, body, from, headers);
const instance = (i: number) => (i % 2 === 0 ? first.url : second.url);
const count = (answers: Answer[], status: number, code?: string) =>
  answers.filter((a) => a.status === status && (!code || a.body.error?.code === code)).length;

async function registerEmployee(from: string) {
  const username = uniqueName('victim');
  const res = await post(
    first.url,
    '/api/register',
    { username, password: PASSWORD, name: 'Victim', initials: 'vi' },
    from,
  );
  expect(res.status).toBe(201);
  return username;
}

/**
 * After a burst from one address (`checked` wrong passwords of it answered 401), the address goes on one attempt
 * at a time up to the per-address limit: each still checked at full speed. Past it, the address is not refused
 * (a right password must still sign in) but paced: three wrong passwords at once are checked one turn apart.
 */
async function reachLimitThenPaced(
  from: string,
  checked: number,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  for (let i = checked; i < LOGIN_LIMITS.perIp; i += 1) {
    const res = await post(
      instance(i),
      '/api/login',
      { username: uniqueName('ghost'), password: 'wrong' },
      from,
      headers(i),
    );
    expect(res.status).toBe(401);
    expect(res.ms, `attempt ${i + 1} of the address`).toBeLessThan(PACE.everyMs / 2);
  }
  const started = performance.now();
  const paced = await Promise.all(
    Array.from({ length: 3 }, (_, i) =>
      post(
        instance(i),
        '/api/login',
        { username: uniqueName('ghost'), password: 'wrong' },
        from,
        headers(LOGIN_LIMITS.perIp + i),
      ),
    ),
  );
  expect(paced.map((res) => res.status)).toEqual([401, 401, 401]);
  const took = performance.now() - started;
  recordFigure({
    part: 'abuse',
    name: 'ms for 3 wrong passwords at once past the per-address limit (paced)',
    value: Math.round(took),
    unit: 'ms',
  });
  expect(took).toBeGreaterThanOrEqual(2 * PACE.everyMs - 100);
}

describe('abuse: parallel sign-in bursts on two instances', () => {
  it('let no more than the per-account limit reach the password check, and then not the right password either', async () => {
    const username = await registerEmployee('127.0.9.2');
    const sent = 50;
    // Each attempt from an address of its own, alternately on each instance: only the account's limit applies.
    const burst = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        post(instance(i), '/api/login', { username, password: `wrong-${i}` }, `127.0.1.${i + 1}`),
      ),
    );
    const through = count(burst, 401);
    recordFigure({
      part: 'abuse',
      name: `wrong passwords checked of ${sent} parallel sign-ins for one account, two instances`,
      value: through,
      unit: 'req',
    });
    recordFigure({
      part: 'abuse',
      name: 'of those answered 429 (too many attempts)',
      value: count(burst, 429, 'AUTH.TOO_MANY_ATTEMPTS'),
      unit: 'req',
    });
    expect(through).toBe(LOGIN_LIMITS.perAccount);
    expect(count(burst, 429, 'AUTH.TOO_MANY_ATTEMPTS')).toBe(sent - LOGIN_LIMITS.perAccount);

    const right = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(instance(i), '/api/login', { username, password: PASSWORD }, `127.0.1.${100 + i}`),
      ),
    );
    expect(right.map((r) => r.status)).toEqual(Array(10).fill(429));
    expect(right.every((r) => !r.cookie)).toBe(true);
  });

  it('check the per-address limit of wrong passwords from one address at full speed, over many usernames, then pace them', async () => {
    const sent = 50;
    const from = '127.0.2.1';
    const burst = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        post(instance(i), '/api/login', { username: uniqueName(`ghost${i}x`), password: 'wrong' }, from),
      ),
    );
    const through = count(burst, 401);
    recordFigure({
      part: 'abuse',
      name: `wrong passwords checked of ${sent} parallel sign-ins from one address, two instances`,
      value: through,
      unit: 'req',
    });
    recordFigure({
      part: 'abuse',
      name: 'of those answered 429 (too many attempts, or too many requests at once)',
      value: count(burst, 429),
      unit: 'req',
    });
    expect(through).toBeLessThanOrEqual(LOGIN_LIMITS.perIp);
    // Anything else was turned away before the password check, for its requests in progress.
    expect(through + count(burst, 429, 'REQUEST.TOO_MANY_AT_ONCE')).toBe(sent);
    await reachLimitThenPaced(from, through);
    // Past that limit a right password from the address still signs in.
    const username = await registerEmployee('127.0.9.5');
    const right = await post(second.url, '/api/login', { username, password: PASSWORD }, from);
    expect(right.status).toBe(200);
    expect(right.cookie).toBeTruthy();
  });

  it('give no fresh attempts for a forged X-Forwarded-For (TRUST_PROXY=0)', async () => {
    const sent = 50;
    const from = '127.0.3.1';
    const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` });
    const burst = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        post(instance(i), '/api/login', { username: uniqueName(`forged${i}x`), password: 'wrong' }, from, forged(i)),
      ),
    );
    const through = count(burst, 401);
    recordFigure({
      part: 'abuse',
      name: `wrong passwords checked of ${sent} parallel sign-ins from one address, each with another forged X-Forwarded-For`,
      value: through,
      unit: 'req',
    });
    expect(through).toBeLessThanOrEqual(LOGIN_LIMITS.perIp);
    await reachLimitThenPaced(from, through, (i) => forged(i + sent));

    // And for an account: 5 wrong passwords under 5 forged addresses lock it.
    const username = await registerEmployee('127.0.9.3');
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      expect(
        (await post(instance(i), '/api/login', { username, password: 'wrong' }, '127.0.3.2', forged(i))).status,
      ).toBe(401);
    }
    expect(
      (await post(first.url, '/api/login', { username, password: PASSWORD }, '127.0.3.2', forged(99))).status,
    ).toBe(429);
  });
});

describe('abuse: other requests while 32 connections sign in', () => {
  it('records their latency unloaded and loaded (argon2 runs a few at a time, the rest queued)', async () => {
    const username = await registerEmployee('127.0.9.4');
    const signedIn = await post(first.url, '/api/login', { username, password: PASSWORD }, '127.0.9.4');
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.cookie!;
    const other = () => request(first.url, 'GET', '/api/user', undefined, '127.0.9.4', { cookie });

    const samples = scale(150, 600);
    const unloaded: number[] = [];
    for (let i = 0; i < samples; i += 1) unloaded.push((await other()).ms);

    // 32 connections, each from its own address and for its own account (the right password: every sign-in is
    // a full argon2 check, and none counts against the address), in a loop until the others are measured.
    const accounts = await Promise.all(Array.from({ length: 32 }, (_, i) => registerEmployee(`127.0.9.${10 + i}`)));
    let loading = true;
    const outcomes: Record<number, number> = {};
    const signers = accounts.map(async (account, i) => {
      for (let n = 0; loading && n < LOGIN_LIMITS.perIp; n += 1) {
        const res = await post(first.url, '/api/login', { username: account, password: PASSWORD }, `127.0.4.${i + 1}`);
        outcomes[res.status] = (outcomes[res.status] ?? 0) + 1;
      }
    });
    const loaded: number[] = [];
    try {
      for (let i = 0; i < samples; i += 1) {
        const res = await other();
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        loaded.push(res.ms);
      }
    } finally {
      loading = false;
      await Promise.all(signers);
    }

    const figure = (name: string, value: number) =>
      recordFigure({ part: 'abuse', name, value: Math.round(value * 10) / 10, unit: 'ms' });
    figure('GET /api/user p50, unloaded', percentile(unloaded, 50));
    figure('GET /api/user p99, unloaded', percentile(unloaded, 99));
    figure('GET /api/user p50, while 32 connections sign in', percentile(loaded, 50));
    figure('GET /api/user p99, while 32 connections sign in', percentile(loaded, 99));
    recordFigure({ part: 'abuse', name: 'sign-ins done meanwhile (200)', value: outcomes[200] ?? 0, unit: 'req' });
    recordFigure({
      part: 'abuse',
      name: 'sign-ins refused meanwhile (503 busy, 429)',
      value: (outcomes[503] ?? 0) + (outcomes[429] ?? 0),
      unit: 'req',
    });
    // The sign-ins themselves went through (the queue did not turn them all away); latency is a figure, not
    // asserted here: the 3x target is the bench's, on a quiet machine.
    expect(outcomes[200] ?? 0).toBeGreaterThan(0);
    expect(Object.keys(outcomes).every((status) => ['200', '429', '503'].includes(status))).toBe(true);
  });
});
