import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, expectErrorShape, type CrmUsers } from '../../crm/__tests__/crm-test-kit';
import { importEnded, sendImport } from '../../contact-imports/__tests__/import-test-kit';
import type { Knex } from 'knex';
import type { WebhooksService } from '../../../domain/webhooks/webhooks.service';
import { WEBHOOKS_SERVICE } from '../../../domain/webhooks/webhooks.tokens';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; occurredAt: string; data: Record<string, unknown> & { id: number } };
}

/**
 * A site that takes webhooks on this machine: records each POST and answers with the next status queued for its path
 * (else 200). Each endpoint of a test has a path of its own.
 */
class Receiver {
  readonly received: Received[] = [];
  readonly answers = new Map<string, number[]>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const path = req.url ?? '';
        this.received.push({ path, headers: req.headers, body, json: JSON.parse(body) });
        res.writeHead(this.answers.get(path)?.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok from receiver');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Waits for a request matching `test`, up to 15 s (the scan runs every second here). */
  async waitFor(test: (r: Received) => boolean, timeoutMs = 15_000): Promise<Received> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(test);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no such webhook; got ${this.received.map((r) => r.json.type)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The documented recipe: hex HMAC-SHA256 of "timestamp.body" with the secret, as v1=... */
function verified(received: Received, secret: string): boolean {
  const timestamp = received.headers['funil-webhook-timestamp'] as string;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  return received.headers['funil-signature'] === expected;
}

let server: TestServer;
let users: CrmUsers;
let knex: Knex;
const receiver = new Receiver();

beforeAll(async () => {
  server = await startTestServer({ webhookScanMs: 1_000 });
  users = await createCrmUsers(server);
  knex = server.runtime.db.knex;
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await server?.stop();
});

let paths = 0;
const endpoints: number[] = [];

/** An endpoint on a path of its own: `answer(status)` queues its next answer, `from(r)` tells its requests. */
async function newEndpoint(events: string[]) {
  const path = `/hook/${++paths}`;
  const res = await users.admin.post('/api/admin/webhooks', { url: receiver.url + path, events, description: 'test' });
  expect(res.status, res.text).toBe(201);
  endpoints.push(res.body.id);
  const created = res.body as { id: number; secret: string; url: string };
  return {
    ...created,
    answer: (status: number) => receiver.answers.set(path, [...(receiver.answers.get(path) ?? []), status]),
    from: (r: Received) => r.path === path,
  };
}

afterEach(async () => {
  for (const id of endpoints.splice(0)) await users.admin.delete(`/api/admin/webhooks/${id}`);
});

interface Delivery {
  id: number;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
}

async function deliveriesOf(endpointId: number) {
  const res = await users.admin.get(`/api/admin/webhooks/${endpointId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body.items as Delivery[];
}

async function waitForDelivery(endpointId: number, test: (d: Delivery) => boolean) {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = (await deliveriesOf(endpointId)).find(test);
    if (found) return found;
    if (Date.now() > until) throw new Error('no such delivery');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook endpoints', () => {
  it('are kept by admins only, show the secret once and refuse what is not an address they may reach', async () => {
    const endpoint = await newEndpoint(['contact.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await users.admin.get('/api/admin/webhooks');
    expect(list.body.items[0]).toMatchObject({
      id: endpoint.id,
      url: endpoint.url,
      active: true,
      events: ['contact.created'],
    });
    expect(JSON.stringify(list.body)).not.toContain(endpoint.secret);
    expect((await users.employee.get('/api/admin/webhooks')).status).toBe(403);
    expect((await users.employee.post('/api/admin/webhooks', { url: endpoint.url, events: ['deal.won'] })).status).toBe(
      403,
    );
    for (const [body, field] of [
      [{ url: 'http://example.com/hook', events: ['deal.won'] }, 'url'],
      [{ url: 'ftp://example.com/hook', events: ['deal.won'] }, 'url'],
      [{ url: 'not an address', events: ['deal.won'] }, 'url'],
      [{ url: 'https://example.com/hook', events: ['deal.maybe'] }, 'events.0'],
      [{ url: 'https://example.com/hook', events: [] }, 'events'],
    ] as const) {
      const res = await users.admin.post('/api/admin/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.error.details[0].path).toBe(field);
    }
    const key = (await users.admin.post('/api/user/api-keys', { name: 'script', scope: 'write' })).body.secret;
    const withKey = await fetch(`${server.url}/api/admin/webhooks`, { headers: { authorization: `Bearer ${key}` } });
    expect(withKey.status).toBeGreaterThanOrEqual(401);
    expect(withKey.status).toBeLessThanOrEqual(403);
    await users.admin.delete(`/api/admin/webhooks/${endpoint.id}`);
    expect((await users.admin.get(`/api/admin/webhooks/${endpoint.id}`)).status).toBe(404);
  });
});

describe('webhook deliveries', () => {
  it('POST each committed change, signed by the documented recipe, with the record as the API names it', async () => {
    const endpoint = await newEndpoint(['contact.created', 'contact.updated', 'deal.stage_changed', 'deal.won']);
    const contact = await users.employee.post('/api/crm/contacts', { name: 'Ana Webhook', email: 'ana@hook.test' });
    expect(contact.status).toBe(201);
    const got = await receiver.waitFor((r) => endpoint.from(r) && r.json.data.id === contact.body.id);
    expect(got.json.type).toBe('contact.created');
    expect(verified(got, endpoint.secret)).toBe(true);
    expect(got.headers['funil-webhook-id']).toBe(got.json.id);
    expect(got.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(got.headers['funil-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.json.data).toMatchObject({
      object: 'contact',
      id: contact.body.id,
      name: 'Ana Webhook',
      record: { id: contact.body.id, name: 'Ana Webhook', email: 'ana@hook.test', ownerId: users.ids.employee },
      actor: { userId: users.ids.employee, apiKeyName: null, formName: null },
    });
    expect(got.json.data.record).not.toHaveProperty('searchText');
    expect(new Date(got.json.occurredAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Not asked for: not sent.
    const deal = await users.employee.post('/api/crm/deals', {
      title: 'Contrato hook',
      value: '12500.50',
      stage: 'proposal',
      contactId: contact.body.id,
    });
    expect(deal.status).toBe(201);
    const moved = await users.employee.post(`/api/crm/deals/${deal.body.id}/move`, { stage: 'won' });
    expect(moved.status).toBe(200);
    const won = await receiver.waitFor(
      (r) => endpoint.from(r) && r.json.type === 'deal.won' && r.json.data.id === deal.body.id,
    );
    expect(won.json.data.record).toMatchObject({ stage: 'won', value: '12500.50', title: 'Contrato hook' });
    expect(won.json.data.changes).toContainEqual({ field: 'stage', oldValue: 'proposal', newValue: 'won' });
    await receiver.waitFor(
      (r) => endpoint.from(r) && r.json.type === 'deal.stage_changed' && r.json.data.id === deal.body.id,
    );
    expect(receiver.received.some((r) => endpoint.from(r) && r.json.type === 'deal.created')).toBe(false);
    const log = await waitForDelivery(endpoint.id, (d) => d.eventType === 'deal.won' && d.status === 'succeeded');
    expect(log).toMatchObject({
      attempts: 1,
      responseCode: 200,
      responseBody: 'ok from receiver',
      eventId: won.json.id,
    });
  });

  it('write nothing for a change that rolled back', async () => {
    const endpoint = await newEndpoint(['contact.updated']);
    const contact = await users.employee.post('/api/crm/contacts', { name: 'Rollback' });
    await knex
      .transaction(async (trx) => {
        await trx('contacts').where({ id: contact.body.id }).update({ name: 'Never' });
        await trx('crm_timeline').insert({
          entity_type: 'contact',
          entity_id: contact.body.id,
          action: 'updated',
          entity_name: 'Never',
          changes: JSON.stringify([{ field: 'name', oldValue: 'Rollback', newValue: 'Never' }]),
          contact_id: contact.body.id,
          user_id: users.ids.employee,
        });
        // Inside the transaction the event exists...
        const inside = await trx('webhook_events').whereRaw(`(data ->> 'id')::int = ?`, [contact.body.id]);
        expect(inside.length).toBe(1);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    // ...and after the rollback it never did.
    const after = await knex('webhook_events').whereRaw(`(data ->> 'id')::int = ?`, [contact.body.id]);
    expect(after.length).toBe(0);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('retry a 5xx with the same event id until it is taken, and never retry a 4xx', async () => {
    const endpoint = await newEndpoint(['contact.created']);
    endpoint.answer(500);
    const contact = await users.employee.post('/api/crm/contacts', { name: 'Retry me' });
    const first = await waitForDelivery(endpoint.id, (d) => d.attempts === 1);
    expect(first).toMatchObject({ status: 'pending', responseCode: 500 });
    const wait = new Date(first.nextAttemptAt!).getTime() - new Date(first.lastAttemptAt!).getTime();
    expect(wait).toBe(30_000);
    // The next try is due now (rather than in 30 s): the scan sends it.
    await knex('webhook_deliveries').where({ id: first.id }).update({ next_attempt_at: knex.fn.now() });
    const done = await waitForDelivery(endpoint.id, (d) => d.id === first.id && d.status === 'succeeded');
    expect(done).toMatchObject({ attempts: 2, responseCode: 200 });
    const tries = receiver.received.filter((r) => endpoint.from(r) && r.json.data.id === contact.body.id);
    expect(tries.map((r) => r.json.id)).toEqual([first.eventId, first.eventId]);

    endpoint.answer(400);
    const refused = await users.employee.post('/api/crm/contacts', { name: 'Refused' });
    const final = await waitForDelivery(
      endpoint.id,
      (d) => d.status !== 'pending' && d.id !== first.id && d.attempts === 1,
    );
    expect(final).toMatchObject({ status: 'failed', responseCode: 400, nextAttemptAt: null });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.filter((r) => endpoint.from(r) && r.json.data.id === refused.body.id).length).toBe(1);

    // Redelivered by hand: the same event, a new delivery.
    const again = await users.admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${final.id}/redeliver`);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ eventId: final.eventId, status: 'pending', attempts: 0 });
    await waitForDelivery(endpoint.id, (d) => d.id === again.body.id && d.status === 'succeeded');
    expect(
      receiver.received.filter((r) => endpoint.from(r) && r.json.data.id === refused.body.id).map((r) => r.json.id),
    ).toEqual([final.eventId, final.eventId]);
    expect((await users.admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/999999/redeliver`)).status).toBe(404);

    // The log keeps 30 days of finished deliveries; a pending one stays whatever its age.
    endpoint.answer(500);
    const pending = await users.employee.post('/api/crm/contacts', { name: 'Still pending' });
    await receiver.waitFor((r) => endpoint.from(r) && r.json.data.id === pending.body.id);
    await knex('webhook_deliveries')
      .where({ endpoint_id: endpoint.id })
      .update({ created_at: knex.raw(`now() - interval '31 days'`) });
    await knex('webhook_events').update({ occurred_at: knex.raw(`now() - interval '31 days'`) });
    const webhooks = server.runtime.container.get<WebhooksService>(WEBHOOKS_SERVICE);
    expect(await webhooks.purge()).toBeGreaterThanOrEqual(3);
    const left = await deliveriesOf(endpoint.id);
    expect(left.map((d) => [d.status, d.attempts])).toEqual([['pending', 1]]);
    expect(await knex('webhook_events').whereIn('id', [first.eventId, final.eventId])).toEqual([]);
  });

  it('send a test event at once, and turn off an endpoint failing for 24 h, telling the admins', async () => {
    const endpoint = await newEndpoint(['deal.won']);
    const test = await users.admin.post(`/api/admin/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', attempts: 1, responseCode: 200 });
    const got = await receiver.waitFor((r) => r.json.id === test.body.eventId);
    expect(verified(got, endpoint.secret)).toBe(true);

    // A run of failures that began 25 hours ago: the next failure turns it off.
    await knex('webhook_endpoints')
      .where({ id: endpoint.id })
      .update({ failing_since: knex.raw(`now() - interval '25 hours'`) });
    endpoint.answer(503);
    const failed = await users.admin.post(`/api/admin/webhooks/${endpoint.id}/test`);
    expect(failed.body).toMatchObject({ status: 'pending', responseCode: 503 });
    const off = (await users.admin.get(`/api/admin/webhooks/${endpoint.id}`)).body;
    expect(off).toMatchObject({ active: false, disabledReason: 'failing' });
    const notices = (await users.admin.get('/api/notifications')).body.items;
    expect(notices[0]).toMatchObject({ kind: 'webhook.disabled', link: '/settings?tab=webhooks' });
    expect(notices[0].body).toContain(endpoint.url);
    // Turned off, its pending deliveries wait; turned on, they go.
    const on = await users.admin.patch(`/api/admin/webhooks/${endpoint.id}`, { active: true });
    expect(on.body).toMatchObject({ active: true, disabledReason: null, failingSince: null });
    await knex('webhook_deliveries').where({ id: failed.body.id }).update({ next_attempt_at: knex.fn.now() });
    await waitForDelivery(endpoint.id, (d) => d.id === failed.body.id && d.status === 'succeeded');
  });

  it('carry a whole integration: a key makes a contact and a deal, wins it, and the deal.won webhook arrives', async () => {
    const endpoint = await newEndpoint(['deal.won']);
    const key = (await users.employee.post('/api/user/api-keys', { name: 'n8n', scope: 'write' })).body.secret;
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(server.url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBeLessThan(300);
      return (await res.json()) as { id: number };
    };
    const contact = await call('POST', '/api/crm/contacts', { name: 'Cliente via script' });
    const deal = await call('POST', '/api/crm/deals', {
      title: 'Venda via script',
      value: '990',
      stage: 'prospecting',
      contactId: contact.id,
    });
    await call('POST', `/api/crm/deals/${deal.id}/move`, { stage: 'won' });
    const won = await receiver.waitFor((r) => endpoint.from(r) && r.json.data.id === deal.id);
    expect(won.json.type).toBe('deal.won');
    expect(verified(won, endpoint.secret)).toBe(true);
    expect(won.json.data.actor).toMatchObject({ userId: users.ids.employee, apiKeyName: 'n8n' });
    expect(won.json.data.record).toMatchObject({ contactId: contact.id, value: '990.00' });
  });

  it("name the form a web lead came from, as the history does ('via formulário X')", async () => {
    const endpoint = await newEndpoint(['contact.created']);
    const form = await users.admin.post('/api/admin/forms', {
      name: 'Site institucional',
      slug: 'site-hook',
      fields: [
        { field: 'name', required: true },
        { field: 'email', required: true },
      ],
      consentText: 'Aceito ser contatado.',
      ownerIds: [users.ids.employee],
    });
    expect(form.status, form.text).toBe(201);
    const sent = await fetch(`${server.url}/f/site-hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Lead+do+site&email=lead%40site-hook.test&consent=true',
    });
    expect(sent.status).toBeLessThan(400);
    const got = await receiver.waitFor((r) => endpoint.from(r) && r.json.data.name === 'Lead do site');
    expect(got.json.data.actor).toEqual({
      userId: users.ids.employee,
      apiKeyName: null,
      formName: 'Site institucional',
      bulk: false,
    });
  });

  it('announce an import once, when it completes, rather than each contact it wrote', async () => {
    const endpoint = await newEndpoint(['import.completed', 'contact.created']);
    const csv = ['Name;E-mail', 'Importada Um;um@import.test', 'Importada Dois;dois@import.test'].join('\n');
    const started = await sendImport(users.employee, '/api/crm/contacts/import', csv, {
      mapping: JSON.stringify({ Name: 'name', 'E-mail': 'email' }),
    });
    expect(started.status).toBe(202);
    const ended = await importEnded(users.employee, started.body.id);
    expect(ended.status).toBe('completed');
    const got = await receiver.waitFor((r) => endpoint.from(r) && r.json.type === 'import.completed');
    expect(got.json.data).toMatchObject({
      object: 'import',
      id: started.body.id,
      record: { created: 2, rejected: 0, createdBy: users.ids.employee },
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.filter(endpoint.from).map((r) => r.json.type)).toEqual(['import.completed']);
  });
});
