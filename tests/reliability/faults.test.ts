import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Queue } from 'bullmq';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../support/bundle';
import { freePort } from '../support/free-port';
import { percentile, recordFigure, scale } from './support/figures';
import {
  closeInstances,
  startPostgres,
  startRedis,
  type PostgresInstance,
  type RedisInstance,
} from './support/instances';
import { FAILING_MIGRATIONS, PROBE_TABLE } from './fixtures/failing-migrations';

// Faults while a light load runs: the bundled app and worker as operators run them, on a PostgreSQL and a
// Redis of this file's own (stopped, restarted and cut off here; the machine's shared ones are never touched).
const root = path.resolve(__dirname, '../..');
const outdir = path.join(root, 'dist', 'reliability-faults');
const DATABASE = 'funil_faults';
const PREFIX = 'funil-faults';
const part = 'faults';

let postgres: PostgresInstance;
let redis: RedisInstance;
let databaseUrl: string;
let app: Proc;
let worker: Proc;
let cookie = '';
const children: ChildProcess[] = [];
/** Ids of every contact whose creation was answered 2xx, whichever case made it. */
const acknowledged = new Set<number>();

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  waitFor(text: string, ms?: number): Promise<void>;
}

function launch(entry: 'server' | 'worker' | 'failing-migration-server', port = 0): Proc {
  const child = spawn(process.execPath, [path.join(outdir, `${entry}.js`)], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: PREFIX,
      // A killed worker's jobs run again after their lock lapses: 5 s here rather than the queues' 30 to 60.
      QUEUE_LOCK_MS: '5000',
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'a session secret of the reliability suite, 32+ chars',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async waitFor(text, ms = 60_000) {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until || child.exitCode !== null)
          throw new Error(`no "${text}" from ${entry}:\n${out.slice(-3000)}`);
        await sleep(25);
      }
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms: number,
  every = 50,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(every);
  }
}

/** A query on the suite's database through a connection of its own (the pool would hold ones the faults cut). */
async function sql<T>(work: (knex: Knex) => Promise<T>): Promise<T> {
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
  }
}

function api(pathname: string, init: RequestInit = {}): Promise<Response> {
  return fetch(app.url + pathname, {
    ...init,
    headers: { 'content-type': 'application/json', origin: app.url, cookie, ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
}

async function startApp(): Promise<Proc> {
  const started = launch('server', await freePort());
  await waitUntil('the app ready', async () => (await fetch(started.url + '/readyz')).ok, 90_000, 100);
  return started;
}

async function signIn() {
  const res = await api('/api/login', {
    method: 'POST',
    body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// --- the light load: reads and writes in a loop, every answer kept with its time ---

interface Sample {
  kind: 'read' | 'write';
  startedAt: number;
  endedAt: number;
  status: number;
  error?: string;
}

class Load {
  readonly samples: Sample[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  start(concurrency = scale(3, 6), pauseMs = 20) {
    this.running = true;
    this.loops = Array.from({ length: concurrency }, (_, i) => this.loop(i, pauseMs));
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(index: number, pauseMs: number) {
    for (let n = 0; this.running; n++) {
      const kind = (n + index) % 3 === 0 ? 'write' : 'read';
      const startedAt = Date.now();
      try {
        const res =
          kind === 'write'
            ? await api('/api/crm/contacts', { method: 'POST', body: JSON.stringify({ name: `Load ${index}-${n}` }) })
            : await api('/api/crm/contacts?limit=5');
        const body = (await res.json().catch(() => ({}))) as { id?: number };
        if (kind === 'write' && res.ok && body.id) acknowledged.add(body.id);
        this.samples.push({ kind, startedAt, endedAt: Date.now(), status: res.status });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        this.samples.push({
          kind,
          startedAt,
          endedAt: Date.now(),
          status: 0,
          error: cause?.code ?? (error as Error).name,
        });
      }
      await sleep(pauseMs);
    }
  }

  /** Samples started within [from, to). */
  between(from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.startedAt >= from && s.startedAt < to);
  }
}

function summarize(name: string, samples: Sample[]) {
  const errors = samples.filter((s) => s.status < 200 || s.status >= 300);
  recordFigure({ part, name: `${name}: requests`, value: samples.length, unit: 'req' });
  recordFigure({
    part,
    name: `${name}: not 2xx (${[...new Set(errors.map((e) => e.error ?? e.status))].join(', ') || 'none'})`,
    value: errors.length,
    unit: 'req',
  });
  recordFigure({
    part,
    name: `${name}: p99`,
    value: percentile(
      samples.map((s) => s.endedAt - s.startedAt),
      99,
    ),
    unit: 'ms',
  });
}

/** Activities assigned to the admin, each with a reminder at its due time. */
async function activitiesDueAt(dueAt: (i: number) => Date, count: number, concurrency = 8): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const res = await api('/api/crm/activities', {
          method: 'POST',
          body: JSON.stringify({
            type: 'task',
            subject: `Fault reminder ${i}`,
            dueDate: dueAt(i).toISOString(),
            reminderMinutes: 0,
          }),
        });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { id: number }).id);
      }
    }),
  );
  return ids;
}

/** Reminder notifications per activity (a reminder delivered twice would show 2). */
async function notificationsPer(activityIds: number[]): Promise<Map<number, number>> {
  const { rows } = await sql((k) =>
    k.raw<{ rows: { activity_id: number; n: number }[] }>(
      "SELECT activity_id, count(*)::int AS n FROM notifications WHERE kind = 'activity.reminder' AND activity_id = ANY(?) GROUP BY activity_id",
      [activityIds],
    ),
  );
  return new Map(rows.map((r) => [r.activity_id, r.n]));
}

beforeAll(async () => {
  const bundled = bundleForTest(
    {
      server: path.join(root, 'src/main/server.ts'),
      worker: path.join(root, 'src/main/worker.ts'),
      'failing-migration-server': path.join(__dirname, 'fixtures/failing-migration-server.ts'),
    },
    outdir,
  );
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  databaseUrl = await postgres.createDatabase(DATABASE);
  await bundled;
});

afterAll(async () => {
  // The processes' logs, for a failure's post-mortem.
  const logs = path.join(root, 'artifacts', 'reliability');
  mkdirSync(logs, { recursive: true });
  for (const [name, proc] of Object.entries({ app, worker }))
    if (proc) writeFileSync(path.join(logs, `faults-${name}.log`), proc.output());
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await closeInstances();
});

describe('faults under a light load', () => {
  const load = new Load();

  it('a worker started before the app waits for the schema, and its first jobs succeed', async () => {
    worker = launch('worker');
    await worker.waitFor('waiting for the app to apply the migrations');
    // Still waiting: no job has run on the missing tables.
    expect(worker.output()).not.toContain('worker started');
    app = await startApp();
    const waitStarted = Date.now();
    await worker.waitFor('worker started', 30_000);
    recordFigure({ part, name: 'worker started after the app migrated', value: Date.now() - waitStarted, unit: 'ms' });
    await signIn();
    // The first jobs (the report refresh run at start, a refresh asked for now) succeed.
    expect((await api('/api/crm/reports/refresh', { method: 'POST', body: '{}' })).status).toBe(202);
    await waitUntil(
      'a report refresh done by the worker',
      async () => Number((await sql((k) => k('report_snapshots').count({ n: '*' })))[0].n) > 0,
      30_000,
      200,
    );
    expect(worker.output()).not.toContain('job failed');
    expect(worker.output().match(/waiting for the app to apply the migrations/g)).toHaveLength(1);
    load.start();
  });

  it('Redis stopped and restarted: reads go on, enqueueing answers 503, readiness follows, reminders due meanwhile are sent once', async () => {
    const outageMs = scale(6_000, 20_000);
    const reminders = scale(20, 100);
    // Due while Redis is down: from 2 s after it stops to 1 s before it comes back.
    const stopAt = Date.now() + 3_000;
    const ids = await activitiesDueAt(
      (i) => new Date(stopAt + 2_000 + Math.floor(((outageMs - 3_000) * i) / reminders)),
      reminders,
    );
    await sleep(Math.max(0, stopAt - Date.now()));

    const stoppedAt = Date.now();
    await redis.stop();
    await waitUntil(
      'readiness 503 with Redis down',
      async () => (await fetch(app.url + '/readyz')).status === 503,
      10_000,
    );
    const refresh = await api('/api/crm/reports/refresh', { method: 'POST', body: '{}' });
    expect(refresh.status).toBe(503);
    expect(((await refresh.json()) as { error: { code: string } }).error.code).toBe('SERVICE.UNAVAILABLE');
    await sleep(Math.max(0, stoppedAt + outageMs - Date.now()));

    await redis.start();
    const restartedAt = Date.now();
    await waitUntil('readiness 200 after Redis is back', async () => (await fetch(app.url + '/readyz')).ok, 30_000);
    const readyAfter = Date.now() - restartedAt;
    const delivered = await waitUntil(
      'every reminder due during the outage delivered',
      async () => {
        const per = await notificationsPer(ids);
        return per.size === ids.length && per;
      },
      60_000,
      200,
    );
    const deliveredAfter = Date.now() - restartedAt;

    const during = load.between(stoppedAt, restartedAt);
    summarize('Redis down', during);
    recordFigure({ part, name: 'Redis down: readiness back after the restart', value: readyAfter, unit: 'ms' });
    recordFigure({
      part,
      name: `Redis down: ${reminders} reminders due meanwhile, all delivered after the restart`,
      value: deliveredAfter,
      unit: 'ms',
    });
    expect(during.filter((s) => s.kind === 'read').length).toBeGreaterThan(0);
    expect(during.filter((s) => s.status !== 200 && s.status !== 201)).toEqual([]);
    expect(deliveredAfter).toBeLessThan(30_000);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    // Sent once, and still once a scan later.
    await sleep(scale(1_000, 16_000));
    expect([...(await notificationsPer(ids)).values()]).toEqual(ids.map(() => 1));
    expect(app.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
  });

  it('PostgreSQL connections killed, then the server restarted: 503 meanwhile, never 500, back within 5 s, no acknowledged write lost', async () => {
    const killedAt = Date.now();
    const ended = await postgres.terminateBackends(DATABASE);
    await sleep(scale(1_500, 5_000));
    const afterKill = load.between(killedAt, Date.now());
    summarize('PostgreSQL connections killed', afterKill);
    recordFigure({ part, name: 'PostgreSQL connections killed: backends ended', value: ended });

    const downMs = scale(3_000, 15_000);
    const stoppedAt = Date.now();
    await postgres.stop();
    await sleep(downMs / 2);
    expect((await fetch(app.url + '/healthz')).status).toBe(200);
    expect((await fetch(app.url + '/readyz')).status).toBe(503);
    await sleep(downMs / 2);
    await postgres.start();
    const backAt = Date.now();
    const recovered = await waitUntil(
      'a read answered 200 after PostgreSQL is back',
      async () => (await api('/api/crm/contacts?limit=1')).status === 200 && Date.now(),
      30_000,
      25,
    );
    await sleep(scale(2_000, 5_000));

    const down = load.between(stoppedAt, backAt);
    summarize('PostgreSQL down', down);
    recordFigure({ part, name: 'PostgreSQL down: API back after the database', value: recovered - backAt, unit: 'ms' });
    const statuses = [...afterKill, ...down, ...load.between(backAt, Date.now())].map((s) => s.status);
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 0)).toEqual([]);
    expect(down.some((s) => s.status === 503)).toBe(true);
    expect(recovered - backAt).toBeLessThan(5_000);
    // Answers after recovery are all good again.
    expect(load.between(recovered + 1_000, Date.now()).every((s) => s.status === 200 || s.status === 201)).toBe(true);
    expect(app.child.exitCode).toBeNull();
    expect(worker.child.exitCode).toBeNull();
    const ids = [...acknowledged];
    const stored = await sql((k) => k('contacts').whereIn('id', ids).count({ n: '*' }));
    expect(Number(stored[0].n)).toBe(ids.length);
  });

  it('SIGKILL to the worker in the middle of sending reminders: each is delivered once after it restarts', async () => {
    const count = scale(200, 2_000);
    const dueAt = new Date(Date.now() + scale(10_000, 60_000));
    const ids = await activitiesDueAt(() => dueAt, count, 16);
    expect(Date.now()).toBeLessThan(dueAt.getTime());
    // The send job is caught in the middle: a transaction of ours holds the notifications table (reads allowed),
    // so the job's insert waits on it; the worker is killed while it waits, then the table is let go.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    const queue = new Queue('reminders', { connection: { url: redis.url }, prefix: PREFIX });
    let killedAt: number;
    let interrupted: number;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE notifications IN SHARE MODE');
      // The send job taken and unable to finish: its insert waits on our lock.
      await waitUntil(
        'the send job running, its insert waiting on the notifications table',
        async () => (await queue.getJobs(['active'])).some((job) => job.name === 'reminders.send'),
        dueAt.getTime() - Date.now() + 60_000,
        100,
      );
      interrupted = (await queue.getJobCounts('active')).active;
      worker.child.kill('SIGKILL');
      await worker.exited;
      killedAt = Date.now();
      // Nothing of the batch was recorded before the kill.
      const { rows } = await holder.query(
        "SELECT count(*)::int AS n FROM notifications WHERE kind = 'activity.reminder' AND activity_id = ANY($1)",
        [ids],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    recordFigure({ part, name: 'worker killed: send jobs cut off mid-run', value: interrupted });
    expect(interrupted).toBeGreaterThan(0);

    worker = launch('worker');
    await worker.waitFor('worker started');
    const per = await waitUntil(
      'every reminder delivered after the restart',
      async () => {
        const now = await notificationsPer(ids);
        return now.size === count && now;
      },
      scale(120_000, 180_000),
      250,
    );
    recordFigure({
      part,
      name: `worker killed: all ${count} reminders delivered after the kill`,
      value: Date.now() - killedAt,
      unit: 'ms',
    });
    await waitUntil(
      'no reminder job left running',
      async () => (await queue.getJobCounts('active')).active === 0,
      60_000,
      250,
    );
    await queue.close();
    expect([...per.values()].filter((n) => n !== 1)).toEqual([]);
    const { rows: statuses } = await sql((k) =>
      k.raw<{ rows: { status: string; n: number }[] }>(
        'SELECT status, count(*)::int AS n FROM activity_reminders WHERE activity_id = ANY(?) GROUP BY status',
        [ids],
      ),
    );
    expect(statuses.map((r) => [r.status, r.n])).toEqual([['sent', count]]);
  });

  it('a failing migration leaves the schema as it was, and the app refuses to start saying why', async () => {
    const schema = () =>
      sql(async (k) => ({
        columns: (
          await k('information_schema.columns')
            .where({ table_schema: 'public' })
            .orderBy(['table_name', 'column_name'])
            .select('table_name', 'column_name')
        ).map((c) => `${c.table_name}.${c.column_name}`),
        migrations: (await k('knex_migrations').orderBy('id').select('name')).map((m) => m.name as string),
      }));
    const before = await schema();
    const failing = launch('failing-migration-server', await freePort());
    const code = await failing.exited;
    expect(code).not.toBe(0);
    expect(failing.output()).toContain(FAILING_MIGRATIONS[1]);
    expect(failing.output()).toMatch(/schema is as it was/);
    const after = await schema();
    expect(after).toEqual(before);
    expect(after.columns.some((c) => c.startsWith(`${PROBE_TABLE}.`) || c === 'contacts.reliability_probe')).toBe(
      false,
    );
    // The migration lock is free: the next start is not blocked.
    const [lock] = await sql((k) => k('knex_migrations_lock').select('is_locked'));
    expect(lock.is_locked).toBe(0);
  });

  it('SIGTERM to the app under load: requests in flight are answered, then it exits 0', async () => {
    const { port } = new URL(app.url);
    // Writes whose body is still arriving when the signal comes: accepted for sure, and must be answered.
    const inFlight = Array.from({ length: 3 }, (_, i) => {
      const body = JSON.stringify({ name: `In flight ${i}` });
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.write(
        `POST /api/crm/contacts HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.url}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
      );
      let data = '';
      socket.on('data', (d) => (data += d));
      const answered = new Promise<string>((resolve, reject) => {
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      return { finish: () => socket.write(body.slice(5)), answered };
    });
    await sleep(300);
    const signalledAt = Date.now();
    app.child.kill('SIGTERM');
    await sleep(300);
    for (const request of inFlight) request.finish();
    const answers = await Promise.all(inFlight.map((r) => r.answered));
    const code = await app.exited;
    const exitedAfter = Date.now() - signalledAt;
    await load.stop();

    for (const raw of answers) {
      expect(raw).toMatch(/^HTTP\/1\.1 201/);
      acknowledged.add(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).id);
    }
    expect(code).toBe(0);
    // Requests sent well before the signal were all answered, and nothing answered 5xx.
    const before = load.samples.filter((s) => s.startedAt < signalledAt - 250 && s.endedAt >= signalledAt - 250);
    expect(before.filter((s) => s.status === 0)).toEqual([]);
    expect(load.samples.filter((s) => s.startedAt < signalledAt && s.status >= 500 && s.status !== 503)).toEqual([]);
    recordFigure({ part, name: 'SIGTERM: exit after the signal', value: exitedAfter, unit: 'ms' });
    recordFigure({
      part,
      name: 'SIGTERM: requests refused after the signal',
      value: load.samples.filter((s) => s.startedAt >= signalledAt && s.status === 0).length,
      unit: 'req',
    });

    summarize('whole run', load.samples);
    const ids = [...acknowledged];
    const stored = await sql((k) => k('contacts').whereIn('id', ids).count({ n: '*' }));
    recordFigure({
      part,
      name: 'acknowledged writes, all found in the database afterwards',
      value: ids.length,
      unit: 'req',
    });
    expect(Number(stored[0].n)).toBe(ids.length);
    expect(worker.child.exitCode).toBeNull();
  });
});
