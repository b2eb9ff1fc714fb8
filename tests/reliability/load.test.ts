import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../support/bundle';
import { freePort } from '../support/free-port';
import { TestClient } from '../support/test-server';
import { LONG, percentile, recordFigure, scale } from './support/figures';

// Load and fairness (issue 14): the bundled server as operators run it, on PostgreSQL and Redis, with
// 50,000 contacts. A mixed workload answers no 5xx; while one user floods the heavy search, a second
// user's latency stays near its unloaded value (per-user concurrency, statement timeout, capped totals).

const root = path.resolve(__dirname, '../..');
const outdir = path.join(root, 'dist', 'reliability-load');
const CONTACTS = 50_000;
const USERS = scale(20, 50);
const CONNECTIONS = scale(50, 200);
const SECONDS = scale(12, 60);
const PASSWORD = 'correct horse battery';
const FLOOD = 'contacts?limit=200&includeTotal=true&search=xx';

let server: ChildProcess | undefined;
let baseUrl = '';
let output = '';
let admin: Knex;
let db: Knex;
let dbName = '';
const users: { client: TestClient; username: string; deals: number[] }[] = [];
let openStages: string[] = [];

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (!base || !process.env.REDIS_URL)
    throw new Error('the load test needs DATABASE_URL and REDIS_URL (npm run reliability sets them)');
  await bundleForTest({ server: path.join(root, 'src/main/server.ts') }, outdir);
  dbName = `funil_reliability_load_${randomBytes(4).toString('hex')}`;
  admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  db = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 2 } });

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      QUEUE_PREFIX: `funil-load-${randomBytes(4).toString('hex')}`,
      SESSION_SECRET: 'load-test-secret-load-test-secret-42',
      PUBLIC_URL: baseUrl,
      COOKIE_SECURE: 'never',
      // Each simulated person sends their own X-Forwarded-For, as behind a proxy.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  for (
    let i = 0;
    i < 600 &&
    !(await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (
    !(await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    throw new Error(`server not ready:\n${output}`);

  for (let i = 0; i < USERS; i++) {
    const client = new TestClient(baseUrl);
    const username = `load${i}x${randomBytes(3).toString('hex')}`;
    const res = await client.post('/api/register', {
      username,
      password: PASSWORD,
      name: `Load ${i}`,
      initials: 'LD',
      role: i === 0 ? 'admin' : 'employee',
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
    await client.login(username, PASSWORD);
    users.push({ client, username, deals: [] });
  }
  // One contact in a hundred matches "xx"; every one matches "contato".
  await db.raw(
    `INSERT INTO contacts (name, email, company, status)
     SELECT 'Contato ' || g || CASE WHEN g % 100 = 0 THEN ' Xx' ELSE '' END, 'c' || g || '@example.com', 'Empresa ' || (g % 500),
            CASE WHEN g % 3 = 0 THEN 'customer' ELSE 'lead' END
     FROM generate_series(1, ?) g`,
    [CONTACTS],
  );
  await db.raw('ANALYZE contacts');
  openStages = (await db('pipeline_stages').where({ kind: 'open' }).orderBy('order').select('stage')).map(
    (r: { stage: string }) => r.stage,
  );
  for (const user of users) {
    for (let d = 0; d < 3; d++) {
      const res = await user.client.post('/api/crm/deals', { title: `Deal ${user.username} ${d}`, value: '1000.00' });
      if (res.status !== 201) throw new Error(`deal: ${res.status} ${res.text}`);
      user.deals.push(res.body.id);
    }
  }
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  await db?.destroy();
  if (dbName) await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
  await admin?.destroy();
  rmSync(outdir, { recursive: true, force: true });
});

interface Sample {
  op: string;
  status: number;
  ms: number;
}

async function timed(op: string, send: () => Promise<{ status: number }>): Promise<Sample> {
  const started = performance.now();
  const res = await send().catch(() => ({ status: 0 }));
  return { op, status: res.status, ms: performance.now() - started };
}

const search = () => ['contato 1', 'xx', 'empresa 4', 'c12', 'zz'][Math.floor(Math.random() * 5)];

/** One person's next request, drawn by weight: mostly reads and searches, some writes and sign-ins. */
function mixedRequest(user: (typeof users)[number], n: number): Promise<Sample> {
  const r = Math.random();
  const c = user.client;
  if (r < 0.3) return timed('read', () => c.get('/api/crm/contacts?limit=50&includeTotal=true'));
  if (r < 0.5)
    return timed('search', () =>
      c.get(`/api/crm/contacts?limit=50&includeTotal=true&search=${encodeURIComponent(search())}`),
    );
  if (r < 0.65) return timed('read', () => c.get('/api/crm/deals?limit=50'));
  if (r < 0.8) return timed('create', () => c.post('/api/crm/contacts', { name: `Novo ${user.username} ${n}` }));
  if (r < 0.97) {
    const deal = user.deals[n % user.deals.length];
    return timed('move', () => c.post(`/api/crm/deals/${deal}/move`, { stage: openStages[n % openStages.length] }));
  }
  // A sign-in from the same person's browser (a new session each time).
  return timed('sign-in', () =>
    new TestClient(baseUrl).request(
      'POST',
      '/api/login',
      { username: user.username, password: PASSWORD },
      { 'x-forwarded-for': c.ip },
    ),
  );
}

describe('load and fairness', () => {
  it(`a mixed workload at ${CONNECTIONS} connections for ${SECONDS} s answers no 5xx`, async () => {
    const samples: Sample[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, i) => {
        const user = users[i % users.length];
        for (let n = i; performance.now() < deadline; n += CONNECTIONS) samples.push(await mixedRequest(user, n));
      }),
    );
    const failed = samples.filter((s) => s.status >= 500 || s.status === 0);
    const tooMany = samples.filter((s) => s.status === 429).length;
    const ok = samples.filter((s) => s.status < 400).map((s) => s.ms);
    recordFigure({
      part: 'load',
      name: `mixed workload, ${CONNECTIONS} connections, ${SECONDS} s: requests`,
      value: samples.length,
      unit: 'req',
    });
    recordFigure({
      part: 'load',
      name: 'mixed workload: throughput',
      value: Math.round(samples.length / SECONDS),
      unit: 'req/s',
    });
    recordFigure({
      part: 'load',
      name: 'mixed workload: p50 / p99',
      value: `${Math.round(percentile(ok, 50))} / ${Math.round(percentile(ok, 99))}`,
      unit: 'ms',
    });
    recordFigure({ part: 'load', name: 'mixed workload: 5xx or no answer', value: failed.length });
    recordFigure({ part: 'load', name: 'mixed workload: 429 (a person past their concurrency)', value: tooMany });
    expect(failed.map((s) => `${s.op} ${s.status}`).slice(0, 10)).toEqual([]);
    expect(
      samples
        .filter((s) => s.status >= 400 && s.status !== 429)
        .map((s) => `${s.op} ${s.status}`)
        .slice(0, 10),
    ).toEqual([]);
    expect(ok.length).toBeGreaterThan(samples.length * 0.9);
  });

  it("one user's flood of heavy searches leaves a second user's latency near its unloaded value", async () => {
    const [flooder, second] = [users[1], users[2]];
    const SAMPLES = scale(150, 400);
    // The second person's screens: the contacts list with its total, and the board's deals, one after another.
    const measure = async (count: number) => {
      const ms: number[] = [];
      for (let i = 0; i < count; i++) {
        const s = await timed('second', () =>
          i % 2
            ? second.client.get('/api/crm/deals?limit=50')
            : second.client.get('/api/crm/contacts?limit=50&includeTotal=true'),
        );
        expect(s.status).toBe(200);
        ms.push(s.ms);
      }
      return ms;
    };
    await measure(20); // warm-up
    const unloaded = await measure(SAMPLES);

    let flooding = true;
    const flood: Sample[] = [];
    const flooders = Array.from({ length: 50 }, async () => {
      while (flooding) flood.push(await timed('flood', () => flooder.client.get(`/api/crm/${FLOOD}`)));
    });
    // The flood has filled its lanes before measuring.
    await expect.poll(() => flood.length, { timeout: 30_000 }).toBeGreaterThan(20);
    const loaded = await measure(SAMPLES);
    flooding = false;
    await Promise.all(flooders);

    const p = (v: number[], q: number) => Math.round(percentile(v, q));
    const floodOk = flood.filter((s) => s.status === 200).length;
    recordFigure({
      part: 'load',
      name: 'fairness: second user p50 / p99 unloaded',
      value: `${p(unloaded, 50)} / ${p(unloaded, 99)}`,
      unit: 'ms',
    });
    recordFigure({
      part: 'load',
      name: 'fairness: second user p50 / p99 while another floods 50 searches at once',
      value: `${p(loaded, 50)} / ${p(loaded, 99)}`,
      unit: 'ms',
    });
    recordFigure({
      part: 'load',
      name: 'fairness: flood answered 200 / 429 / 5xx',
      value: `${floodOk} / ${flood.filter((s) => s.status === 429).length} / ${flood.filter((s) => s.status >= 500 || s.status === 0).length}`,
    });
    recordFigure({
      part: 'load',
      name: 'fairness: flood p99 (its own requests queue behind each other)',
      value: p(
        flood.filter((s) => s.status === 200).map((s) => s.ms),
        99,
      ),
      unit: 'ms',
    });

    expect(flood.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
    expect(floodOk).toBeGreaterThan(0);
    const floodMs = flood.filter((s) => s.status === 200).map((s) => s.ms);
    recordFigure({ part: 'load', name: 'fairness: flood p50', value: p(floodMs, 50), unit: 'ms' });
    // Not queued behind the flood: before the per-user limit the second user's requests waited in the same pool
    // queue as the flood's 50 (seconds, like the flood's own). Robust beside the browser suite on 2 cores.
    expect(percentile(loaded, 50)).toBeLessThan(percentile(floodMs, 50) / 3);
    // The target, in the long version (a quiet machine): within 3x of the unloaded p99.
    if (LONG) expect(percentile(loaded, 99)).toBeLessThanOrEqual(3 * percentile(unloaded, 99));
  });
});
