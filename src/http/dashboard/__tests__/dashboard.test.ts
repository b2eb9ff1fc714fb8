import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../../../../tests/support/test-server';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  await admin.post('/api/register', { username: uniqueName('admin'), password: 'admin password', name: 'Admin', initials: 'AD', role: 'admin' });
});

afterAll(async () => {
  await server?.stop();
});

async function employee(name: string) {
  const client = server.client();
  const res = await client.post('/api/register', { username: uniqueName('emp'), password: 'employee pass', name, initials: 'EM' });
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
    expect(forAna[0]).toMatchObject({ entityType: 'activity', action: 'created', entityName: 'Call the bakery', userName: 'Ana' });
    expect(forAna[1]).toMatchObject({ entityType: 'contact', action: 'created', entityName: 'Padaria Central' });

    const forBruno = (await bruno.get('/api/dashboard')).body.recentActivity;
    expect(forBruno.map((e: { entityName: string }) => e.entityName)).toContain('Padaria Central');
    expect(forBruno.map((e: { entityName: string }) => e.entityName)).not.toContain('Call the bakery');

    const forAdmin = (await admin.get('/api/dashboard')).body.recentActivity;
    expect(forAdmin.map((e: { entityName: string }) => e.entityName)).toContain('Call the bakery');
  });
});
