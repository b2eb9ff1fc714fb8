import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../infrastructure/config';
import type { RemindersService } from '../../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../../domain/notifications/notifications.tokens';
import { parsePrometheusText, sampleValue, type Family } from '../../../../tests/support/prometheus-text';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { sendImport } from '../../contact-imports/__tests__/import-test-kit';

// GET /metrics: refused without its token, off by default, on a port of its own without one; its text read by a
// strict parser, with the names the Grafana dashboard (docs/grafana-dashboard.json) is built on, moving.

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const PASSWORD = 'correct horse battery';
let withToken: TestServer;
let withPort: TestServer;
let admin: TestClient;
const adminName = uniqueName('admin');
/** The real time, moved forward by `ahead` ms (a reminder made due without waiting for it). */
const clock = { ahead: 0, now: () => new Date(Date.now() + clock.ahead) };

beforeAll(async () => {
  [withToken, withPort] = await Promise.all([
    startTestServer({ metricsToken: TOKEN }, { clock }),
    startTestServer({ metricsPort: 0, metricsHost: '127.0.0.1' }),
  ]);
  admin = withToken.client();
  const registered = await admin.post('/api/register', {
    username: adminName,
    password: PASSWORD,
    name: 'Ana Admin',
    initials: 'AA',
    role: 'admin',
  });
  expect(registered.status).toBe(201);
});

afterAll(async () => {
  await Promise.all([withToken?.stop(), withPort?.stop()]);
});

async function scrape(server: TestServer): Promise<Map<string, Family>> {
  const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await answer.text());
}

const requests = (families: Map<string, Family>, route: string, statusClass: string, method = 'GET') =>
  sampleValue(families, 'funil_http_request_duration_seconds_count', { route, method, status_class: statusClass }) ?? 0;

describe('GET /metrics on the app port', () => {
  it('is 404 when METRICS_TOKEN is not set, and 401 without the token or with another', async () => {
    const off = await withPort.client().get('/metrics');
    expect(off.status).toBe(404);
    expect(off.body.error.code).toBe('ROUTE.NOT_FOUND');
    // Not the web app's page either, whatever the scraper accepts.
    expect((await withPort.client().request('GET', '/metrics', undefined, { accept: '*/*' })).status).toBe(404);

    const anonymous = await withToken.client().get('/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('AUTH.UNAUTHENTICATED');
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await withToken.client().request('GET', '/metrics', undefined, {
      authorization: `Bearer ${TOKEN.slice(0, -1)}x`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('funil_');
  });

  it('answers with the token: every name of the dashboard, parsed strictly', async () => {
    const families = await scrape(withToken);
    for (const name of [
      'funil_http_request_duration_seconds',
      'funil_http_requests_in_flight',
      'funil_http_requests_queued',
      'funil_db_pool_connections_used',
      'funil_db_pool_connections_max',
      'funil_db_pool_acquire_waiting',
      'funil_db_pool_acquire_timeouts_total',
      'funil_db_statement_timeouts_total',
      'funil_queue_jobs',
      'funil_job_duration_seconds',
      'funil_reminders_sent_total',
      'funil_reminder_lateness_seconds',
      'funil_import_rows_total',
      'funil_sign_in_failures_total',
      'funil_sign_in_throttled_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(families.has(name), name).toBe(true);
    expect(families.get('funil_http_request_duration_seconds')!.type).toBe('histogram');
    expect(families.get('funil_sign_in_failures_total')!.type).toBe('counter');
    // Read when scraped: each queue by state, each lane, the API pool.
    for (const state of ['waiting', 'active', 'failed', 'delayed'])
      expect(sampleValue(families, 'funil_queue_jobs', { queue: 'reminders', state }), state).toBeGreaterThanOrEqual(0);
    for (const lane of ['session', 'user'])
      expect(sampleValue(families, 'funil_http_requests_in_flight', { lane }), lane).toBeGreaterThanOrEqual(0);
    expect(sampleValue(families, 'funil_db_pool_connections_max', { pool: 'api' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a request under its route template, never its URL', async () => {
    const before = await scrape(withToken);
    const client = withToken.client();
    expect((await client.get('/api/crm/contacts/987654321')).status).toBe(401);
    expect((await client.get('/api/crm/contacts/123456789')).status).toBe(401);
    expect((await client.get('/no/such/page-424242.js')).status).toBe(404);
    const after = await scrape(withToken);
    expect(requests(after, '/api/crm/contacts/:id', '4xx') - requests(before, '/api/crm/contacts/:id', '4xx')).toBe(2);
    expect(requests(after, '(unmatched)', '4xx') - requests(before, '(unmatched)', '4xx')).toBe(1);
    const routes = after.get('funil_http_request_duration_seconds')!.samples.map((s) => s.labels.route);
    expect(routes.filter((route) => /987654321|123456789|424242/.test(route))).toEqual([]);
  });

  it('counts a failed sign-in', async () => {
    const before = await scrape(withToken);
    const failed = await withToken.client().post('/api/login', { username: adminName, password: 'wrong password' });
    expect(failed.status).toBe(401);
    const after = await scrape(withToken);
    const failures = (f: Map<string, Family>) =>
      sampleValue(f, 'funil_sign_in_failures_total', { reason: 'invalid_credentials' }) ?? 0;
    expect(failures(after) - failures(before)).toBe(1);
    expect(requests(after, '/api/login', '4xx', 'POST') - requests(before, '/api/login', '4xx', 'POST')).toBe(1);
  });

  it('counts the rows an import writes', async () => {
    const rows = (f: Map<string, Family>) => sampleValue(f, 'funil_import_rows_total') ?? 0;
    const before = rows(await scrape(withToken));
    const tag = uniqueName('imp');
    const csv = `Name,Email\nFirst,${tag}-1@example.com\nSecond,${tag}-2@example.com\nThird,${tag}-3@example.com\n`;
    const started = await sendImport(admin, '/api/crm/contacts/import', csv, {
      mapping: JSON.stringify({ Name: 'name', Email: 'email' }),
      mode: 'update',
    });
    expect(started.status).toBe(202);
    await vi.waitFor(
      async () =>
        expect((await admin.get(`/api/crm/contacts/import/${started.body.id}`)).body.status).toBe('completed'),
      { timeout: 20_000, interval: 50 },
    );
    expect(rows(await scrape(withToken)) - before).toBe(3);
  });

  it('counts a reminder sent, with how late it was', async () => {
    const sent = (f: Map<string, Family>) => sampleValue(f, 'funil_reminders_sent_total') ?? 0;
    const lateness = (f: Map<string, Family>, le: string) =>
      sampleValue(f, 'funil_reminder_lateness_seconds_bucket', { le }) ?? 0;
    const before = await scrape(withToken);
    const due = new Date(Date.now() + 60 * 60_000);
    const created = await admin.post('/api/crm/activities', { subject: 'Call Ana', dueDate: due.toISOString() });
    expect(created.status).toBe(201);
    // Its reminder (15 minutes before) found by a scan two minutes after its time.
    clock.ahead = 47 * 60_000;
    try {
      expect(await withToken.runtime.container.get<RemindersService>(REMINDERS_SERVICE).scan()).toBe(1);
      await vi.waitFor(async () => expect(sent(await scrape(withToken)) - sent(before)).toBe(1), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      clock.ahead = 0;
    }
    const after = await scrape(withToken);
    expect(lateness(after, '60') - lateness(before, '60')).toBe(0);
    expect(lateness(after, '300') - lateness(before, '300')).toBe(1);
  });

  it('times a job run by queue and name', async () => {
    const runs = (f: Map<string, Family>) =>
      sampleValue(f, 'funil_job_duration_seconds_count', {
        queue: 'reports',
        job: 'reports.refresh',
        outcome: 'completed',
      }) ?? 0;
    // The refresh also runs once at start: wait for that one to be counted, then for ours.
    await vi.waitFor(async () => expect(runs(await scrape(withToken))).toBeGreaterThanOrEqual(1), {
      timeout: 20_000,
      interval: 100,
    });
    const before = runs(await scrape(withToken));
    await withToken.runtime.queue.enqueue('reports.refresh', {});
    await vi.waitFor(async () => expect(runs(await scrape(withToken))).toBe(before + 1), {
      timeout: 20_000,
      interval: 100,
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('counts a statement cut at its statement timeout, transactions included', async () => {
    const timeouts = (f: Map<string, Family>) =>
      sampleValue(f, 'funil_db_statement_timeouts_total', { pool: 'api' }) ?? 0;
    const before = await scrape(withToken);
    await expect(
      withToken.runtime.db.knex.transaction(async (trx) => {
        await trx.raw("SET LOCAL statement_timeout = '20ms'");
        await trx.raw('SELECT pg_sleep(2)');
      }),
    ).rejects.toMatchObject({ code: '57014' });
    expect(timeouts(await scrape(withToken)) - timeouts(before)).toBe(1);
  });
});

describe('the sample Grafana dashboard', () => {
  it('imports as is and asks only for names the app serves', async () => {
    const file = path.resolve(__dirname, '../../../../docs/grafana-dashboard.json');
    const dashboard = JSON.parse(readFileSync(file, 'utf8'));
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' })]);
    const targets = dashboard.panels.flatMap(
      (p: { targets?: { expr: string; datasource: { uid: string } }[] }) => p.targets ?? [],
    );
    expect(targets.length).toBeGreaterThan(15);
    expect(targets.every((t: { datasource: { uid: string } }) => t.datasource.uid === '${DS_PROMETHEUS}')).toBe(true);
    const served = await scrape(withToken);
    const names = new Set<string>(
      targets.flatMap((t: { expr: string }) => t.expr.match(/\b(funil|nodejs|process)_[a-z0-9_]+/g) ?? []),
    );
    const missing = [...names].filter(
      (name) => !served.has(name) && !served.has(name.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(missing).toEqual([]);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on its own listener, and nothing else there', async () => {
    expect(withPort.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${withPort.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    const families = parsePrometheusText(await res.text());
    expect(families.has('funil_http_request_duration_seconds')).toBe(true);
    expect(families.has('funil_queue_jobs')).toBe(true);
    const other = await fetch(`${withPort.metricsUrl}/api/user`);
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('ROUTE.NOT_FOUND');
  });
});

describe('configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/funil-test-unused', ...env });

  it('keeps METRICS_HOST internal by default and refuses a weak token or the app port', () => {
    const config = load({ METRICS_PORT: '9464', METRICS_TOKEN: 'x'.repeat(24) });
    expect(config).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1', metricsToken: 'x'.repeat(24) });
    expect(load({}).metricsToken).toBeUndefined();
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be 16 to 200 characters/);
    expect(() => load({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => load({ METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => load({ METRICS_HOST: 'not a host' })).toThrow(/METRICS_HOST/);
  });
});
