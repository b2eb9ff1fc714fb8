import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();

/** A plain fetch with a key, as a script sends it: no cookie, no Origin. */
async function withKey(secret: string, method: string, path: string, body?: unknown) {
  const res = await fetch(crm.server.url + path, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function newKey(scope: 'read' | 'write', name = `key ${scope}`, client = crm.users.employee) {
  const res = await client.post('/api/user/api-keys', { name, scope });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; secret: string; prefix: string };
}

describe('API keys', () => {
  it('shows the secret once, lists the key by its prefix, and acts as its owner on the CRM with no cookie or Origin', async () => {
    const key = await newKey('write', 'n8n');
    expect(key.secret).toMatch(/^funil_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const listed = await crm.users.employee.get('/api/user/api-keys');
    const item = listed.body.items.find((k: { id: number }) => k.id === key.id);
    expect(item).toMatchObject({ name: 'n8n', scope: 'write', prefix: key.prefix, lastUsedAt: null, revokedAt: null });
    expect(item).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);

    const me = await withKey(key.secret, 'GET', '/api/user');
    expect([me.status, me.body.id]).toEqual([200, crm.users.ids.employee]);
    expect(me.headers.get('set-cookie')).toBeNull();
    expect(me.headers.get('ratelimit-limit')).toBe('100');
    const created = await withKey(key.secret, 'POST', '/api/crm/contacts', { name: 'Via chave' });
    expect(created.status).toBe(201);
    expect(created.body.ownerId).toBe(crm.users.ids.employee);
    // The change is in the contact's history as made by the person, through the key.
    const history = await crm.users.employee.get(`/api/crm/contacts/${created.body.id}/timeline`);
    expect(history.body.items[0]).toMatchObject({
      action: 'created',
      userId: crm.users.ids.employee,
      apiKeyName: 'n8n',
    });
    const byHand = await crm.users.employee.post('/api/crm/contacts', { name: 'À mão' });
    const handHistory = await crm.users.employee.get(`/api/crm/contacts/${byHand.body.id}/timeline`);
    expect(handHistory.body.items[0]).not.toHaveProperty('apiKeyName');
    // The last use is noted (at most once a minute).
    const used = (await crm.users.employee.get('/api/user/api-keys')).body.items.find(
      (k: { id: number }) => k.id === key.id,
    );
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('lets a read key read and refuses its writes (403 AUTH.SCOPE); no key manages keys, sessions or users', async () => {
    const key = await newKey('read');
    expect((await withKey(key.secret, 'GET', '/api/crm/contacts?limit=1')).status).toBe(200);
    const write = await withKey(key.secret, 'POST', '/api/crm/contacts', { name: 'Não deve' });
    expect([write.status, write.body.error.code]).toEqual([403, 'AUTH.SCOPE']);
    expectErrorShape(write.body);
    const writer = await newKey('write');
    for (const [method, path] of [
      ['GET', '/api/user/api-keys'],
      ['POST', '/api/user/api-keys'],
      ['GET', '/api/user/sessions'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/home'],
    ] as const) {
      const res = await withKey(
        writer.secret,
        method,
        path,
        method === 'POST' ? { name: 'x', scope: 'read' } : undefined,
      );
      expect([path, res.status, res.body.error.code]).toEqual([path, 403, 'AUTH.SCOPE']);
    }
  });

  it('stops a revoked, expired or unknown key at once with a 401; an admin revokes anyone’s', async () => {
    const key = await newKey('write');
    expect((await withKey(key.secret, 'GET', '/api/user')).status).toBe(200);
    expect((await crm.users.employee.delete(`/api/user/api-keys/${key.id}`)).status).toBe(204);
    const revoked = await withKey(key.secret, 'GET', '/api/user');
    expect([revoked.status, revoked.body.error.code]).toEqual([401, 'AUTH.UNAUTHENTICATED']);
    // Someone else's key is not found; an admin sees and revokes it.
    const other = await newKey('read', 'other', crm.users.other);
    expect((await crm.users.employee.delete(`/api/user/api-keys/${other.id}`)).status).toBe(404);
    const all = await crm.users.admin.get('/api/admin/api-keys');
    expect(all.body.items.find((k: { id: number }) => k.id === other.id)).toMatchObject({
      userId: crm.users.ids.other,
    });
    expect((await crm.users.employee.get('/api/admin/api-keys')).status).toBe(403);
    expect((await crm.users.admin.delete(`/api/admin/api-keys/${other.id}`)).status).toBe(204);
    expect((await withKey(other.secret, 'GET', '/api/user')).status).toBe(401);

    const expiring = await crm.users.employee.post('/api/user/api-keys', {
      name: 'expira',
      scope: 'read',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(expiring.status).toBe(201);
    expect((await withKey(expiring.body.secret, 'GET', '/api/user')).status).toBe(200);
    await crm
      .knex('api_keys')
      .where({ id: expiring.body.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await withKey(expiring.body.secret, 'GET', '/api/user')).status).toBe(401);
    expect((await withKey('funil_not-a-key-at-all', 'GET', '/api/user')).status).toBe(401);

    const past = await crm.users.employee.post('/api/user/api-keys', {
      name: 'passado',
      scope: 'read',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect([past.status, past.body.error.details[0].path]).toEqual([400, 'expiresAt']);
    const badScope = await crm.users.employee.post('/api/user/api-keys', { name: 'x', scope: 'admin' });
    expect([badScope.status, badScope.body.error.details[0].path]).toEqual([400, 'scope']);
  });

  it('limits each key to 100 requests in 10 s: a 429 with Retry-After and RateLimit headers, other keys unaffected', async () => {
    const key = await newKey('read', 'rápida');
    const answers = await Promise.all(Array.from({ length: 105 }, () => withKey(key.secret, 'GET', '/api/user')));
    const refused = answers.filter((res) => res.status === 429);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(100);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error.code).toBe('REQUEST.RATE_LIMITED');
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0]!.headers.get('ratelimit-remaining')).toBe('0');
    const remaining = answers.map((res) => Number(res.headers.get('ratelimit-remaining')));
    expect(Math.min(...remaining)).toBe(0);
    const fresh = await newKey('read', 'outra');
    expect((await withKey(fresh.secret, 'GET', '/api/user')).status).toBe(200);
  });
});
