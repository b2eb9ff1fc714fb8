import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, uniqueName, type TestServer } from '../../../tests/support/test-server';

// Behind one trusted proxy, with demo users: the client IP and HTTPS come from X-Forwarded-* headers.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, demo: true });
});

afterAll(async () => {
  await server?.stop();
});

const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });
const userCount = async () => Number((await server.runtime.db.knex('users').count('* as n').first())!.n);

describe('cross-site request refusal', () => {
  it('refuses a state change from another origin, and changes nothing', async () => {
    const before = await userCount();
    const evil = new TestClient(server.url, 'https://evil.example');
    const res = await evil.post('/api/register', {
      username: uniqueName('csrf'),
      password: 'long enough',
      name: 'X',
      initials: 'X',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('REQUEST.CROSS_SITE');
    expect(await userCount()).toBe(before);
  });

  it('refuses a state change with neither Origin nor Sec-Fetch-Site', async () => {
    const res = await fetch(server.url + '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"admin","password":"admin1234"}',
    });
    expect(res.status).toBe(403);
  });

  it('accepts Sec-Fetch-Site: same-origin without an Origin header', async () => {
    const res = await fetch(server.url + '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
    });
    expect(res.status).toBe(200);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body',
    async (type) => {
      const before = await userCount();
      const res = await server.client().post('/api/register', 'username=x&password=y', { 'content-type': type });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('REQUEST.CROSS_SITE');
      expect(await userCount()).toBe(before);
    },
  );
});

describe('request bodies and errors', () => {
  it('answers 413 beyond the JSON body limit', async () => {
    const res = await server
      .client()
      .post('/api/login', { username: 'admin', password: 'x', padding: 'a'.repeat(200 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('REQUEST.TOO_LARGE');
  });

  it('answers 400 to malformed JSON, without a stack', async () => {
    const res = await server.client().post('/api/login', '{"username": "admin",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'REQUEST.MALFORMED_JSON', message: expect.any(String) } });
    expect(res.text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(res.body.error.message).toBe('The request body is not valid JSON');
  });

  it('says a body that is JSON but not an object must be one', async () => {
    for (const body of ['"admin"', 'null', '42']) {
      const res = await server.client().post('/api/login', body);
      expect([res.status, res.body]).toEqual([
        400,
        { error: { code: 'REQUEST.MALFORMED_JSON', message: 'The request body must be a JSON object' } },
      ]);
    }
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await server.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ROUTE.NOT_FOUND');
  });

  it('sends pages exactly this Content Security Policy (the API docs viewer, Swagger UI, needs nothing more)', async () => {
    const res = await server.client().get('/contacts');
    const directives = Object.fromEntries(
      res.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
    );
    // script-src: this origin, plus the hashes of index.html's inline boot script (none without a built UI).
    expect(directives['script-src']).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')*$/);
    expect({ ...directives, 'script-src': undefined }).toEqual({
      'default-src': "'self'",
      'script-src': undefined,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it('sends API answers the API set: a policy that allows nothing, nosniff, no frame, same origin, never stored', async () => {
    for (const res of [
      await server.client().get('/api/user'),
      await server.client().get('/api/nothing-here'),
      await server.client().post('/api/login', { username: 'admin', password: 'wrong password' }),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
      expect(res.headers.get('x-powered-by')).toBeNull();
      // The headers that concern documents only are left to pages.
      expect(res.headers.get('origin-agent-cluster')).toBeNull();
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    }
  });

  it('sends pages the document set: their policy, nosniff, frame refusal, opener isolation', async () => {
    const res = await server.client().get('/contacts');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('session cookie behind HTTPS', () => {
  it('is Secure with the __Host- prefix when the request came over HTTPS', async () => {
    // The browser's origin is the proxy's https one.
    const client = new TestClient(server.url, server.url.replace('http:', 'https:'));
    const res = await client.post(
      '/api/login',
      { username: 'admin', password: 'admin1234' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-funil.sid='))!;
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/path=\//i);
    expect(cookie).not.toMatch(/domain=/i);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('funil.sid='))).toBe(false);
    expect((await client.request('GET', '/api/user', undefined, { 'x-forwarded-proto': 'https' })).status).toBe(200);
    const dashboard = await client.request('GET', '/api/dashboard', undefined, { 'x-forwarded-proto': 'https' });
    expect(dashboard.body.security.checks).toContainEqual({ id: 'secure_cookies', passed: true });
  });
});

describe('per-IP login throttling', () => {
  // The address limit counts failures only and is paced past 100 (src/http/users/__tests__/sign-in-abuse.test.ts):
  // an office behind one router that saw 30 mistyped passwords still signs in.
  it('lets a right password in after 30 failures across accounts from the same address', async () => {
    const ip = `10.${[0, 0, 0]
      .map(() => Math.floor(Math.random() * 250) + 1)
      .slice(0, 3)
      .join('.')}`;
    for (let i = 0; i < 30; i++) {
      const res = await server
        .client()
        .post('/api/login', { username: uniqueName('spray'), password: 'guess' }, fromIp(ip));
      expect(res.status).toBe(401);
    }
    const colleague = await server
      .client()
      .post('/api/login', { username: 'employee', password: 'employee1234' }, fromIp(ip));
    expect(colleague.status).toBe(200);
  });
});

describe('demo mode', () => {
  it('seeds the three demo accounts and shows their credentials, which sign in with their roles', async () => {
    const res = await server.client().get('/api/auth/demo-credentials');
    expect(res.body.demo).toBe(true);
    expect(res.body.credentials.map((c: { role: string }) => c.role)).toEqual(['admin', 'developer', 'employee']);
    for (const { username, password, role } of res.body.credentials) {
      expect((await server.client().login(username, password)).role).toBe(role);
    }
  });
});

describe('dashboard', () => {
  it('shows live figures that match the database', async () => {
    const client = server.client();
    await client.login('admin', 'admin1234');
    const first = (await client.get('/api/dashboard')).body;
    expect(first.users).toBe(await userCount());
    const live = Number(
      (await server.runtime.db
        .knex('sessions')
        .whereNull('revokedAt')
        .where('expiresAt', '>', new Date())
        .count('* as n')
        .first())!.n,
    );
    expect(first.activeSessions).toBe(live);
    await server.client().login('employee', 'employee1234');
    const second = (await client.get('/api/dashboard')).body;
    expect(second.activeSessions).toBe(first.activeSessions + 1);
    expect(second.responseTime.samples).toBeGreaterThan(0);
    expect(second.responseTime.medianMs).toBeGreaterThan(0);
    // Demo mode on and a plain-HTTP cookie: two of the four checks fail.
    expect(second.security.checks).toEqual([
      { id: 'passwords_argon2id', passed: true },
      { id: 'demo_mode_off', passed: false },
      { id: 'secure_cookies', passed: false },
      { id: 'session_secret_configured', passed: true },
    ]);
    expect(second.security.score).toBe(50);
    expect(second.status.map((s: { name: string }) => s.name)).toEqual(['database', 'api', 'queue', 'security']);
    expect(second.status[0].status).toBe('up');
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database (and Redis when configured) up', async () => {
    expect((await server.client().get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(200);
    const names = ready.body.checks.map((c: { name: string }) => c.name);
    expect(names).toEqual(process.env.REDIS_URL ? ['database', 'redis', 'queue'] : ['database']);
    expect(ready.body.checks.every((c: { status: string }) => c.status !== 'down')).toBe(true);
  });
});
