import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, uniqueName, type TestServer } from '../../../../tests/support/test-server';

let server: TestServer;
let admin: TestClient;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  expect(
    (
      await admin.post('/api/register', {
        username: uniqueName('root'),
        password: PASSWORD,
        name: 'Root',
        initials: 'RT',
        role: 'admin',
      })
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await server?.stop();
});

async function employee() {
  const client = server.client();
  const username = uniqueName('prof');
  const res = await client.post('/api/register', {
    username,
    password: PASSWORD,
    name: 'Paula Perfil',
    initials: 'pp',
  });
  expect(res.status).toBe(201);
  return { client, username, user: res.body as { id: number; name: string; updatedAt: string } };
}

describe('PATCH /api/user with the version read', () => {
  it('saves on the current version and answers a stale one with 409 and the account as it is now, changing nothing', async () => {
    const { client, user } = await employee();
    const saved = await client.patch('/api/user', { name: 'Paula Primeira', updatedAt: user.updatedAt });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('Paula Primeira');
    expect(new Date(saved.body.updatedAt).getTime()).toBeGreaterThan(new Date(user.updatedAt).getTime());

    const stale = await client.patch('/api/user', { name: 'Paula Segunda', initials: 'ps', updatedAt: user.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('RESOURCE.CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({
      id: user.id,
      name: 'Paula Primeira',
      initials: 'PP',
      updatedAt: saved.body.updatedAt,
    });
    expect(stale.body.error.details.current).not.toHaveProperty('password');
    expect((await client.get('/api/user')).body).toMatchObject({ name: 'Paula Primeira', initials: 'PP' });

    // Without a version the save is taken as it comes (last write wins).
    expect((await client.patch('/api/user', { initials: 'p2' })).body.initials).toBe('P2');
  });

  it('keeps the version across a sign-in and a new password, and moves it when an admin changes the role', async () => {
    const { client, username, user } = await employee();
    const again = server.client();
    await again.login(username, PASSWORD);
    expect(
      (await client.post('/api/user/password', { currentPassword: PASSWORD, newPassword: 'a brand new pass' })).status,
    ).toBe(200);
    expect((await client.get('/api/user')).body.updatedAt).toBe(user.updatedAt);

    expect((await admin.patch(`/api/admin/users/${user.id}`, { role: 'developer' })).status).toBe(200);
    const stale = await client.patch('/api/user', { name: 'Too late', updatedAt: user.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current).toMatchObject({ role: 'developer', name: 'Paula Perfil' });
  });

  it('refuses a body with no change, naming what is wrong', async () => {
    const { client, user } = await employee();
    for (const body of [{}, { updatedAt: user.updatedAt }, { name: '' }, { nickname: 'x' }]) {
      const res = await client.patch('/api/user', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
    }
  });
});
