import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { PurgeSecurityEventsProcessor } from '../../../jobs/users/purge-security-events.processor';

// The administrators' user management and the security log, against the real app and database.

let server: TestServer;
let admin: TestClient;
let adminId: number;
const ADMIN_PASSWORD = 'correct horse battery';
const TEMPORARY = 'temporary-pass-1';

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  const res = await admin.post('/api/register', {
    username: uniqueName('root'),
    password: ADMIN_PASSWORD,
    name: 'Root Admin',
    initials: 'RA',
    role: 'admin',
  });
  expect(res.status).toBe(201);
  adminId = res.body.id;
});

afterAll(async () => {
  await server?.stop();
});

async function createUser(role: 'employee' | 'developer' | 'admin' = 'employee') {
  const username = uniqueName('made');
  const res = await admin.post('/api/admin/users', {
    username,
    name: `Made ${role}`,
    initials: 'mu',
    role,
    temporaryPassword: TEMPORARY,
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, username, body: res.body };
}

/** Creates a user and replaces the temporary password, so the account is in normal use. */
async function activeUser(role: 'employee' | 'developer' | 'admin' = 'employee') {
  const made = await createUser(role);
  const client = server.client();
  await client.login(made.username, TEMPORARY);
  expect(
    (await client.post('/api/user/password', { currentPassword: TEMPORARY, newPassword: 'my own password' })).status,
  ).toBe(200);
  return { ...made, client, password: 'my own password' };
}

async function events(query: string) {
  const res = await admin.get(`/api/admin/security-events?${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    items: {
      type: string;
      userId: number | null;
      username: string | null;
      actorId: number | null;
      ip: string | null;
      userAgent: string | null;
      details: Record<string, unknown> | null;
    }[];
    nextCursor: string | null;
  };
}

describe('an administrator creates a user', () => {
  it('with initials derived from the name when none are given, or those typed (issue 23)', async () => {
    const derived = await admin.post('/api/admin/users', {
      username: uniqueName('ana'),
      name: 'ana maria da silva',
      role: 'employee',
      temporaryPassword: TEMPORARY,
    });
    expect(derived.status).toBe(201);
    expect(derived.body.initials).toBe('AS');
    const typed = await admin.post('/api/admin/users', {
      username: uniqueName('ana'),
      name: 'Ana Maria da Silva',
      initials: 'amx',
      role: 'employee',
      temporaryPassword: TEMPORARY,
    });
    expect(typed.body.initials).toBe('AMX');
    const list = await admin.get('/api/admin/users?limit=100');
    expect(list.body.items.find((u: { id: number }) => u.id === derived.body.id)).toMatchObject({ initials: 'AS' });
  });

  it('who must change the temporary password before anything else', async () => {
    const { id, username, body } = await createUser('developer');
    expect(body).toMatchObject({
      id,
      username,
      role: 'developer',
      initials: 'MU',
      mustChangePassword: true,
      lastAccess: null,
    });

    const user = server.client();
    const signedIn = await user.login(username, TEMPORARY);
    expect(signedIn.mustChangePassword).toBe(true);
    // Reading yourself works; everything else is refused with a code the UI acts on.
    expect((await user.get('/api/user')).body.mustChangePassword).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/dashboard'],
      ['GET', '/api/crm/contacts'],
      ['GET', '/api/user/sessions'],
      ['PATCH', '/api/user'],
    ] as const) {
      const res = await user.request(method, path, method === 'PATCH' ? { name: 'Sneaky' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('AUTH.PASSWORD_CHANGE_REQUIRED');
    }
    // The temporary password cannot be kept as the new one.
    const same = await user.post('/api/user/password', { currentPassword: TEMPORARY, newPassword: TEMPORARY });
    expect(same.status).toBe(400);
    expect(same.body.error).toMatchObject({ code: 'AUTH.PASSWORD_UNCHANGED', details: [{ path: 'newPassword' }] });

    expect(
      (await user.post('/api/user/password', { currentPassword: TEMPORARY, newPassword: 'a password of mine' })).status,
    ).toBe(200);
    expect((await user.get('/api/user')).body.mustChangePassword).toBe(false);
    expect((await user.get('/api/dashboard')).status).toBe(200);
    expect((await server.client().post('/api/login', { username, password: TEMPORARY })).status).toBe(401);

    const log = await events(`userId=${id}`);
    expect(log.items.map((e) => e.type)).toEqual(['sign_in_failed', 'password_changed', 'sign_in', 'user_created']);
    expect(log.items[3]).toMatchObject({ actorId: adminId, details: { to: 'developer' } });
  });

  it('lets the user log out while the change is pending', async () => {
    const { username } = await createUser();
    const user = server.client();
    await user.login(username, TEMPORARY);
    expect((await user.post('/api/logout')).status).toBe(200);
    expect((await user.get('/api/user')).status).toBe(401);
  });

  it('refuses a taken username, bad fields (each named) and non-admins, creating nothing', async () => {
    const { username } = await createUser();
    const dup = await admin.post('/api/admin/users', {
      username: username.toUpperCase(),
      name: 'Dup',
      initials: 'D',
      role: 'employee',
      temporaryPassword: TEMPORARY,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('USER.USERNAME_TAKEN');
    const bad = await admin.post('/api/admin/users', {
      username: 'x',
      name: '',
      initials: 'ABCD',
      role: 'boss',
      temporaryPassword: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'initials',
      'name',
      'role',
      'temporaryPassword',
      'username',
    ]);
    const { client } = await activeUser('developer');
    const forbidden = await client.post('/api/admin/users', {
      username: uniqueName('nope'),
      name: 'N',
      initials: 'N',
      role: 'admin',
      temporaryPassword: TEMPORARY,
    });
    expect(forbidden.status).toBe(403);
    expect((await client.get('/api/admin/security-events')).status).toBe(403);
  });
});

describe('an administrator manages a user', () => {
  it('lists open sessions and latest activity per user, paged', async () => {
    const { id, username, password } = await activeUser();
    await server.client().login(username, password);
    const page = await admin.get('/api/admin/users?limit=200');
    const row = page.body.items.find((u: { id: number }) => u.id === id);
    expect(row).toMatchObject({ openSessions: 2, disabled: false, mustChangePassword: false });
    expect(new Date(row.lastActiveAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const first = await admin.get('/api/admin/users?limit=1');
    expect(first.body.items).toHaveLength(1);
    const second = await admin.get(`/api/admin/users?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.items[0].id).toBeGreaterThan(first.body.items[0].id);
  });

  it('changes a role, read on the next request, and logs from and to', async () => {
    const { id, client } = await activeUser();
    expect((await client.get('/api/crm/reports')).status).toBe(403);
    expect((await admin.patch(`/api/admin/users/${id}`, { role: 'developer' })).body.role).toBe('developer');
    expect((await client.get('/api/user')).body.role).toBe('developer');
    expect((await client.get('/api/crm/reports')).status).toBe(200);
    const [change] = (await events(`userId=${id}&type=role_changed`)).items;
    expect(change).toMatchObject({ actorId: adminId, details: { from: 'employee', to: 'developer' } });
  });

  it('disables (ending the sessions) and enables an account, logging both', async () => {
    const { id, client, username, password } = await activeUser();
    const disabled = await admin.patch(`/api/admin/users/${id}`, { disabled: true });
    expect(disabled.body.disabled).toBe(true);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await server.client().post('/api/login', { username, password })).body.error.code).toBe(
      'AUTH.ACCOUNT_DISABLED',
    );
    await admin.patch(`/api/admin/users/${id}`, { disabled: false });
    await server.client().login(username, password);
    const types = (await events(`userId=${id}`)).items.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['sign_in', 'user_enabled', 'sign_in_failed', 'user_disabled']);
    expect((await events(`userId=${id}&type=user_disabled`)).items[0].details).toEqual({ endedSessions: 1 });
  });

  it('resets a password: a server-made temporary one, shown once; sessions end; it must be changed', async () => {
    const { id, client, username, password } = await activeUser();
    const reset = await admin.post(`/api/admin/users/${id}/password-reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.endedSessions).toBe(1);
    expect(reset.body.temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await server.client().post('/api/login', { username, password })).status).toBe(401);
    const again = server.client();
    expect((await again.login(username, reset.body.temporaryPassword)).mustChangePassword).toBe(true);
    expect((await again.get('/api/dashboard')).body.error.code).toBe('AUTH.PASSWORD_CHANGE_REQUIRED');
    const [logged] = (await events(`userId=${id}&type=password_reset`)).items;
    expect(logged).toMatchObject({ actorId: adminId, details: { endedSessions: 1 } });
    // The log never holds a password, neither the temporary one nor the one typed at a failed sign-in.
    await server.client().post('/api/login', { username, password: 'typed-secret-xyz' });
    const rows = await server.runtime.db.knex('security_events').select('*');
    expect(JSON.stringify(rows)).not.toMatch(
      new RegExp(`${reset.body.temporaryPassword}|typed-secret-xyz|${TEMPORARY}`),
    );
  });

  it("ends all of a user's sessions", async () => {
    const { id, client, username, password } = await activeUser();
    const phone = server.client();
    await phone.login(username, password);
    const res = await admin.delete(`/api/admin/users/${id}/sessions`);
    expect(res.body).toEqual({ endedSessions: 2 });
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await admin.delete(`/api/admin/users/${id}/sessions`)).body).toEqual({ endedSessions: 0 });
    expect((await events(`userId=${id}&type=sessions_ended`)).items.map((e) => e.details)).toEqual([
      { endedSessions: 0 },
      { endedSessions: 2 },
    ]);
  });

  it('answers 404 for an unknown user and 400 for a bad id, changing nothing', async () => {
    expect((await admin.post('/api/admin/users/999999/password-reset')).body.error.code).toBe('USER.NOT_FOUND');
    expect((await admin.delete('/api/admin/users/999999/sessions')).status).toBe(404);
    expect((await admin.patch('/api/admin/users/abc', { role: 'admin' })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminId}`, { role: 'boss' })).body.error.details[0].path).toBe(
      'role',
    );
  });

  it('never lets the last active administrator be demoted or disabled, even by two admins at once', async () => {
    for (const change of [{ role: 'employee' }, { disabled: true }]) {
      const res = await admin.patch(`/api/admin/users/${adminId}`, change);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('USER.LAST_ADMIN');
    }
    const second = await activeUser('admin');
    // Each demotes the other at the same moment: exactly one succeeds.
    const answers = await Promise.all([
      admin.patch(`/api/admin/users/${second.id}`, { role: 'employee' }),
      second.client.patch(`/api/admin/users/${adminId}`, { role: 'employee' }),
    ]);
    // The loser is refused: 409, or 403 when its own demotion landed before its request was checked.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.map((a) => a.status).find((status) => status !== 200)).toBeOneOf([403, 409]);
    const admins = await server.runtime.db
      .knex('users')
      .where({ role: 'admin' })
      .whereNull('disabled_at')
      .count<{ count: number }[]>('* as count');
    expect(Number(admins[0].count)).toBe(1);
    // Put the first administrator back if it was the one demoted.
    if (answers[1].status === 200) await second.client.patch(`/api/admin/users/${adminId}`, { role: 'admin' });
    expect((await admin.get('/api/user')).body.role).toBe('admin');
  });
});

describe('the security log', () => {
  it('records sign-ins and failures with the username tried, the address and the browser', async () => {
    const { id, username, password } = await activeUser();
    const client = server.client();
    await client.post(
      '/api/login',
      { username, password: 'wrong-one' },
      { 'user-agent': `Test Browser/1.0 ${'x'.repeat(500)}` },
    );
    const ghost = uniqueName('ghost');
    await client.post('/api/login', { username: ghost, password: 'whatever' });
    await client.login(username, password);
    const mine = await events(`userId=${id}&type=sign_in_failed`);
    expect(mine.items[0]).toMatchObject({ username, ip: client.ip, details: { reason: 'invalid_credentials' } });
    // The user agent is kept, cut to 300 characters.
    expect(mine.items[0].userAgent).toMatch(/^Test Browser\/1\.0 x+$/);
    expect(mine.items[0].userAgent).toHaveLength(300);
    const failures = await events('type=sign_in_failed&limit=200');
    expect(failures.items.find((e) => e.username === ghost)).toMatchObject({ userId: null, ip: client.ip });
    expect((await events(`userId=${id}&type=sign_in`)).items[0].ip).toBe(client.ip);
  });

  it('records throttling once, when an account gets blocked', async () => {
    const { id, username } = await activeUser();
    for (let i = 0; i < 7; i += 1) await server.client().post('/api/login', { username, password: `wrong-${i}` });
    const throttled = await events(`userId=${id}&type=sign_in_throttled`);
    expect(throttled.items).toHaveLength(1);
    expect(throttled.items[0].details?.retryAfterSeconds).toBeGreaterThan(0);
    expect((await events(`userId=${id}&type=sign_in_failed`)).items).toHaveLength(5);
  });

  it('pages newest first by cursor and validates its filters', async () => {
    const first = await events('limit=2');
    expect(first.items).toHaveLength(2);
    const next = await events(`limit=2&cursor=${first.nextCursor}`);
    const ids = [...first.items, ...next.items].map((e) => (e as unknown as { id: number }).id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
    const bad = await admin.get('/api/admin/security-events?type=coffee&userId=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['query.type', 'query.userId']);
  });

  it('keeps 180 days: the purge job removes older entries only', async () => {
    const { knex } = server.runtime.db;
    const day = 24 * 60 * 60 * 1000;
    const [old] = await knex('security_events')
      .insert({ type: 'sign_in', username: 'old-entry', createdAt: new Date(Date.now() - 181 * day) })
      .returning('id');
    const [kept] = await knex('security_events')
      .insert({ type: 'sign_in', username: 'kept-entry', createdAt: new Date(Date.now() - 179 * day) })
      .returning('id');
    await server.runtime.container.get(PurgeSecurityEventsProcessor).handle();
    const left = await knex('security_events').whereIn('id', [old.id, kept.id]).pluck('username');
    expect(left).toEqual(['kept-entry']);
  });
});
