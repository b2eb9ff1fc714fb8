import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../../../../tests/support/test-server';

export interface CrmUsers {
  admin: TestClient;
  developer: TestClient;
  employee: TestClient;
  other: TestClient;
  ids: { admin: number; developer: number; employee: number; other: number };
}

const PASSWORD = 'correct horse battery';

async function register(server: TestServer, role: 'admin' | 'employee') {
  const client = server.client();
  const username = uniqueName(role);
  const res = await client.post('/api/register', {
    username,
    password: PASSWORD,
    name: `Name ${username}`,
    initials: 'AB',
    role,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, id: res.body.id as number };
}

/** One admin (the first account), one developer, and two employees, each signed in. */
export async function createCrmUsers(server: TestServer): Promise<CrmUsers> {
  const admin = await register(server, 'admin');
  const developer = await register(server, 'employee');
  const employee = await register(server, 'employee');
  const other = await register(server, 'employee');
  const promoted = await admin.client.patch(`/api/admin/users/${developer.id}`, { role: 'developer' });
  if (promoted.status !== 200) throw new Error(`promote failed: ${promoted.text}`);
  return {
    admin: admin.client,
    developer: developer.client,
    employee: employee.client,
    other: other.client,
    ids: { admin: admin.id, developer: developer.id, employee: employee.id, other: other.id },
  };
}

export interface CrmServer {
  server: TestServer;
  users: CrmUsers;
  knex: Knex;
}

/** One server (and its users) for the whole test file; filled in before the first test runs. */
export function useCrmServer(): CrmServer {
  const crm = {} as CrmServer;
  beforeAll(async () => {
    crm.server = await startTestServer();
    crm.users = await createCrmUsers(crm.server);
    crm.knex = crm.server.runtime.db.knex;
  });
  afterAll(async () => {
    await crm.server?.stop();
  });
  return crm;
}

/** The error shape every 4xx has. */
export function expectErrorShape(body: unknown): void {
  const error = (body as { error?: { code?: unknown; message?: unknown } })?.error;
  if (typeof error?.code !== 'string' || typeof error?.message !== 'string')
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
}

/**
 * A second pipeline whose won and lost stages are named otherwise than the default one's ('Fechado', 'Perdido'): what
 * counts them must go by their kind. Created by an admin: `client.post('/api/crm/pipelines', RENEWALS_PIPELINE)`.
 */
export const RENEWALS_PIPELINE = {
  key: 'renewals',
  name: 'Renovações',
  stages: [
    { stage: 'Aberta', color: '#3B82F6', probability: 40, kind: 'open' },
    { stage: 'Fechado', color: '#22C55E', probability: 100, kind: 'won' },
    { stage: 'Perdido', color: '#EF4444', probability: 0, kind: 'lost' },
  ],
};
