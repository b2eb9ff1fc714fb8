import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../../../../tests/support/test-server';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  await admin.post('/api/register', {
    username: uniqueName('admin'),
    password: 'admin password',
    name: 'Admin',
    initials: 'AD',
    role: 'admin',
  });
});

afterAll(async () => {
  await server?.stop();
});

async function employee(name: string) {
  const client = server.client();
  const res = await client.post('/api/register', {
    username: uniqueName('emp'),
    password: 'employee pass',
    name,
    initials: 'EM',
  });
  expect(res.status).toBe(201);
  return client;
}

describe('dashboard recent activity', () => {
  it('lists the latest team changes newest first, with private activities only for those who may see them', async () => {
    const ana = await employee('Ana');
    const bruno = await employee('Bruno');
    expect((await ana.post('/api/crm/contacts', { name: 'Padaria Central' })).status).toBe(201);
    expect((await ana.post('/api/crm/activities', { type: 'call', subject: 'Call the bakery' })).status).toBe(201);

    const forAna = (await ana.get('/api/dashboard')).body.recentActivity;
    expect(forAna[0]).toMatchObject({
      entityType: 'activity',
      action: 'created',
      entityName: 'Call the bakery',
      userName: 'Ana',
    });
    expect(forAna[1]).toMatchObject({ entityType: 'contact', action: 'created', entityName: 'Padaria Central' });

    const forBruno = (await bruno.get('/api/dashboard')).body.recentActivity;
    expect(forBruno.map((e: { entityName: string }) => e.entityName)).toContain('Padaria Central');
    expect(forBruno.map((e: { entityName: string }) => e.entityName)).not.toContain('Call the bakery');

    const forAdmin = (await admin.get('/api/dashboard')).body.recentActivity;
    expect(forAdmin.map((e: { entityName: string }) => e.entityName)).toContain('Call the bakery');
  });
});

describe('dashboard security checks', () => {
  it('go to admins only: an employee or a developer gets neither the score nor its status row', async () => {
    const ana = await employee('Ana');
    const developer = await employee('Dev');
    const promoted = await admin.patch(`/api/admin/users/${(await developer.get('/api/user')).body.id}`, {
      role: 'developer',
    });
    expect(promoted.status).toBe(200);
    for (const [who, client] of [
      ['employee', ana],
      ['developer', developer],
    ] as const) {
      const res = await client.get('/api/dashboard');
      expect(res.status, who).toBe(200);
      expect(res.body, who).not.toHaveProperty('security');
      expect(
        res.body.status.map((s: { name: string }) => s.name),
        who,
      ).toEqual(['database', 'api', 'queue']);
      expect(res.text, who).not.toMatch(/passwords_argon2id|session_secret_configured/);
    }
    const forAdmin = (await admin.get('/api/dashboard')).body;
    expect(forAdmin.security.checks.map((c: { id: string }) => c.id)).toEqual([
      'passwords_argon2id',
      'demo_mode_off',
      'secure_cookies',
      'session_secret_configured',
    ]);
    expect(forAdmin.status.map((s: { name: string }) => s.name)).toEqual(['database', 'api', 'queue', 'security']);
  });
});
