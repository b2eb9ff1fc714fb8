import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, uniqueName, type TestServer } from '../../../../tests/support/test-server';

let server: TestServer;
let admin: TestClient;
let adminId: number;
const ADMIN_PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  const res = await admin.post('/api/register', {
    username: uniqueName('root'),
    password: ADMIN_PASSWORD,
    name: 'Root Admin',
    initials: 'ra',
    role: 'admin',
  });
  expect(res.status).toBe(201);
  adminId = res.body.id;
});

afterAll(async () => {
  await server?.stop();
});

async function registerEmployee(password = 'employee-pass') {
  const client = server.client();
  const username = uniqueName('emp');
  const res = await client.post('/api/register', { username, password, name: 'Employee', initials: 'em' });
  expect(res.status).toBe(201);
  return { client, username, password, id: res.body.id as number };
}

describe('registration', () => {
  it('lets the first account of an empty system be admin, stores initials uppercase, never returns the hash', async () => {
    const me = await admin.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: adminId, role: 'admin', initials: 'RA', name: 'Root Admin', lastAccess: null });
    // No hash, no "password" key (mustChangePassword is a flag, not a secret).
    expect(me.text).not.toMatch(/argon2|"password"/i);
    expect(me.body.mustChangePassword).toBe(false);
  });

  it.each(['admin', 'developer'])(
    'refuses self-registration as %s once an account exists, creating nothing',
    async (role) => {
      const username = uniqueName('climber');
      const res = await server
        .client()
        .post('/api/register', { username, password: 'long enough', name: 'Climber', initials: 'CL', role });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH.ROLE_NOT_ALLOWED');
      const login = await server.client().post('/api/login', { username, password: 'long enough' });
      expect(login.status).toBe(401);
    },
  );

  it('creates employees and signs them in', async () => {
    const { client, id } = await registerEmployee();
    const me = await client.get('/api/user');
    expect(me.body).toMatchObject({ id, role: 'employee', initials: 'EM' });
  });

  it('derives the initials from the name when none are sent (issue 23)', async () => {
    const client = server.client();
    const res = await client.post('/api/register', {
      username: uniqueName('goncalo'),
      password: 'employee-pass',
      name: ' Gonçalo Rodrigues ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Gonçalo Rodrigues', initials: 'GR' });
    expect((await client.get('/api/user')).body.initials).toBe('GR');
  });

  it('refuses a duplicate username, whatever its case, with 409', async () => {
    const { username } = await registerEmployee();
    const res = await server
      .client()
      .post('/api/register', { username: username.toUpperCase(), password: 'another one', name: 'Dup', initials: 'D' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'USER.USERNAME_TAKEN', details: [{ path: 'username' }] });
  });

  it('validates every field and names each failing one', async () => {
    const res = await server
      .client()
      .post('/api/register', { username: 'x', password: 'short', name: '', initials: 'ABCD', role: 'boss', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
    const paths = res.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['extra', 'initials', 'name', 'password', 'role', 'username']);
  });

  it('accepts a 64-character password and refuses a 1 KB one with 400', async () => {
    const long = 'p'.repeat(64);
    const username = uniqueName('longpw');
    expect(
      (await server.client().post('/api/register', { username, password: long, name: 'Long', initials: 'LP' })).status,
    ).toBe(201);
    await server.client().login(username, long);
    const huge = await server.client().post('/api/register', {
      username: uniqueName('huge'),
      password: 'p'.repeat(1024),
      name: 'Huge',
      initials: 'HP',
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error.details[0].path).toBe('password');
  });

  it('stores passwords as argon2id with at least OWASP parameters', async () => {
    const { username } = await registerEmployee();
    const row = await server.runtime.db.knex('users').whereRaw('lower(username) = lower(?)', [username]).first();
    const [, algorithm, , params] = row.password.split('$');
    expect(algorithm).toBe('argon2id');
    const { m, t, p } = Object.fromEntries(params.split(',').map((kv: string) => [kv[0], Number(kv.slice(2))]));
    expect(m).toBeGreaterThanOrEqual(19456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
  });
});

describe('sign-in', () => {
  it('answers the same status and body for an unknown user and a wrong password', async () => {
    const { username } = await registerEmployee();
    const wrong = await server.client().post('/api/login', { username, password: 'not the password' });
    const unknown = await server
      .client()
      .post('/api/login', { username: uniqueName('ghost'), password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error.code).toBe('AUTH.INVALID_CREDENTIALS');
  });

  it('requires username and password', async () => {
    const res = await server.client().post('/api/login', {});
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['password', 'username']);
  });

  it('starts a new session on every sign-in and shows the previous access', async () => {
    const { username, password } = await registerEmployee();
    const client = server.client();
    const first = await client.login(username, password);
    const firstCookie = client.cookies.get('funil.sid');
    const second = await client.login(username, password);
    expect(client.cookies.get('funil.sid')).not.toBe(firstCookie);
    expect(second.lastAccess).not.toBeNull();
    expect(new Date(second.lastAccess).getTime()).toBeGreaterThanOrEqual(new Date(first.createdAt).getTime());
    // The session the second sign-in replaced is over.
    const replay = new TestClient(server.url);
    replay.cookies.set('funil.sid', firstCookie!);
    replay.cookies.set('funil.sid.sig', '');
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie; browser-session by default, 30 days with remember-me', async () => {
    const { username, password } = await registerEmployee();
    const res = await server.client().post('/api/login', { username, password });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('funil.sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/path=\//i);
    expect(cookie).not.toMatch(/expires/i);
    expect(cookie).not.toMatch(/secure/i);
    const remembered = await server.client().post('/api/login', { username, password, remember: true });
    const long = remembered.headers.getSetCookie().find((c) => c.startsWith('funil.sid='))!;
    const expires = new Date(/expires=([^;]+)/i.exec(long)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('carries only a session token in the cookie', async () => {
    const { username, password } = await registerEmployee();
    const client = server.client();
    await client.login(username, password);
    const payload = JSON.parse(Buffer.from(decodeURIComponent(client.cookies.get('funil.sid')!), 'base64').toString());
    expect(Object.keys(payload).sort()).toEqual(['iat', 't']);
  });
});

describe('signed session cookie', () => {
  it('refuses a signed-in cookie sent again with another signature, or its signature with another value', async () => {
    const { client } = await registerEmployee();
    // Checked once and accepted (the server keeps what it verified)...
    expect((await client.get('/api/user')).status).toBe(200);
    const value = client.cookies.get('funil.sid')!;
    const signature = client.cookies.get('funil.sid.sig')!;
    const other = (await registerEmployee()).client;
    const tamper = async (cookieValue: string, cookieSignature: string) => {
      const forged = new TestClient(server.url);
      forged.cookies.set('funil.sid', cookieValue);
      forged.cookies.set('funil.sid.sig', cookieSignature);
      return (await forged.get('/api/user')).status;
    };
    // ...and then the same value with a signature changed by one letter, or with another signed-in cookie's.
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await tamper(value, flipped)).toBe(401);
    expect(await tamper(value, other.cookies.get('funil.sid.sig')!)).toBe(401);
    expect(await tamper(other.cookies.get('funil.sid')!, signature)).toBe(401);
    expect(await tamper(value, signature)).toBe(200);
  });
});

describe('revocable sessions', () => {
  it('refuses a copied cookie replayed after logout', async () => {
    const { username, password } = await registerEmployee();
    const client = server.client();
    await client.login(username, password);
    const stolen = new TestClient(server.url);
    stolen.cookies = new Map(client.cookies);
    expect((await stolen.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await stolen.get('/api/user')).status).toBe(401);
  });

  it('ends every other session on a password change, keeping the current one', async () => {
    const { client, username, password } = await registerEmployee();
    const laptop = server.client();
    await laptop.login(username, password);
    const wrong = await client.post('/api/user/password', {
      currentPassword: 'nope-nope',
      newPassword: 'brand new pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('AUTH.WRONG_PASSWORD');
    const res = await client.post('/api/user/password', { currentPassword: password, newPassword: 'brand new pass' });
    expect(res.status).toBe(200);
    expect(res.body.endedSessions).toBe(1);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await server.client().post('/api/login', { username, password })).status).toBe(401);
    await server.client().login(username, 'brand new pass');
  });

  it('applies a role change on the very next request', async () => {
    const { client, id } = await registerEmployee();
    expect((await client.get('/api/admin/users')).status).toBe(403);
    expect((await admin.patch(`/api/admin/users/${id}`, { role: 'admin' })).body.role).toBe('admin');
    expect((await client.get('/api/admin/users')).status).toBe(200);
    await admin.patch(`/api/admin/users/${id}`, { role: 'employee' });
    expect((await client.get('/api/admin/users')).status).toBe(403);
  });

  it('signs a disabled account out at once and refuses its sign-in', async () => {
    const { client, id, username, password } = await registerEmployee();
    expect((await admin.patch(`/api/admin/users/${id}`, { disabled: true })).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    const login = await server.client().post('/api/login', { username, password });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('AUTH.ACCOUNT_DISABLED');
    await admin.patch(`/api/admin/users/${id}`, { disabled: false });
    await server.client().login(username, password);
  });

  it('protects the last active administrator', async () => {
    const res = await admin.patch(`/api/admin/users/${adminId}`, { role: 'employee' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('USER.LAST_ADMIN');
    expect((await admin.get('/api/user')).body.role).toBe('admin');
  });

  it('lists your own sessions and ends one of them', async () => {
    const { client, username, password } = await registerEmployee();
    const phone = server.client();
    await phone.login(username, password);
    const list = await client.get('/api/user/sessions');
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.body.items.find((s: { current: boolean }) => !s.current);
    expect((await client.delete(`/api/user/sessions/${other.id}`)).status).toBe(204);
    expect((await phone.get('/api/user')).status).toBe(401);
    // Somebody else's session id is not found, not ended.
    const mine = (await client.get('/api/user/sessions')).body.items[0];
    expect((await admin.delete(`/api/user/sessions/${mine.id}`)).status).toBe(404);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('roles on the server', () => {
  it('gives 401 to anonymous calls and 403 to the wrong role', async () => {
    expect((await server.client().get('/api/admin/users')).status).toBe(401);
    expect((await server.client().get('/api/dashboard')).status).toBe(401);
    const { client } = await registerEmployee();
    expect((await client.get('/api/admin/users')).body.error.code).toBe('AUTH.FORBIDDEN');
    const list = await admin.get('/api/admin/users?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.nextCursor).not.toBeNull();
    expect(list.text).not.toMatch(/argon2/);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 5 failures on one account, even with the right password', async () => {
    const { username, password } = await registerEmployee();
    for (let i = 0; i < 5; i++)
      expect((await server.client().post('/api/login', { username, password: 'wrong-' + i })).status).toBe(401);
    const blocked = await server.client().post('/api/login', { username, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('AUTH.TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('demo credentials', () => {
  it('are empty outside demo mode', async () => {
    const res = await server.client().get('/api/auth/demo-credentials');
    expect(res.body).toEqual({ demo: false, credentials: [] });
  });
});
