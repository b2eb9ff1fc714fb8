import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parsePrometheusText, sampleValue } from '../../../tests/support/prometheus-text';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testConfig } from '../../../tests/support/test-server';
import { startWorker, type StartedWorker } from '../worker';

// The worker as `node dist/server/worker.js` runs it (BullMQ on PostgreSQL and Redis; in-process jobs on the
// embedded database): its metrics listener, and its pause while the database has a migration it does not know.

const NEWER = '29990101000000_from_a_newer_release.ts';
const WAIT = { timeout: 20_000, interval: 25 };
let db: TestDatabase;
let worker: StartedWorker;
const logged: { msg: string; unknownMigrations?: string[] }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  worker = await startWorker(testConfig({ databaseUrl: db.url, metricsPort: 0 }), {
    logger,
    embeddedDataDir: db.embeddedDataDir,
    schemaCheckMs: 20,
  });
  expect(await worker.ready).toBe(true);
});

afterAll(async () => {
  await worker?.runtime.db.knex('knex_migrations').where({ name: NEWER }).delete();
  await worker?.stop();
  await db?.drop();
});

async function scrape() {
  const res = await fetch(`${worker.metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

const refreshes = async () =>
  sampleValue(await scrape(), 'funil_job_duration_seconds_count', {
    queue: 'reports',
    job: 'reports.refresh',
    outcome: 'completed',
  }) ?? 0;

const waitingReports = async () =>
  sampleValue(await scrape(), 'funil_queue_jobs', { queue: 'reports', state: 'waiting' });

describe('the worker', () => {
  it('serves its own metrics on METRICS_PORT: queues, job durations, reminders, the process', async () => {
    expect(worker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const families = await scrape();
    for (const name of [
      'funil_queue_jobs',
      'funil_job_duration_seconds',
      'funil_reminders_sent_total',
      'funil_reminder_lateness_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(families.has(name), name).toBe(true);
    // The report figures are refreshed once at start.
    await vi.waitFor(async () => expect(await refreshes()).toBeGreaterThanOrEqual(1), WAIT);
  });

  it('pauses its jobs while a newer migration is applied, and resumes once it is rolled back', async () => {
    const { knex } = worker.runtime.db;
    expect(worker.runtime.workerHost.paused).toBe(false);

    await knex('knex_migrations').insert({ name: NEWER, batch: 999, migrationTime: new Date() });
    await vi.waitFor(() => expect(worker.runtime.workerHost.paused).toBe(true), WAIT);
    expect(logged.map((l) => l.msg)).toContain(
      `a newer schema is applied: migration ${NEWER} unknown to this worker; pausing jobs until this worker is replaced`,
    );
    // Paused once the jobs running then have finished: from here on, none runs.
    await vi.waitFor(
      () => expect(logged.map((l) => l.msg)).toContain('jobs paused; the running ones have finished'),
      WAIT,
    );
    const before = await refreshes();

    // A job queued now waits in its queue: the old code does not run it on the new schema.
    await worker.runtime.queue.enqueue('reports.refresh', {});
    await vi.waitFor(async () => expect(await waitingReports()).toBeGreaterThanOrEqual(1), WAIT);
    expect(await refreshes()).toBe(before);
    // Later checks keep it paused (and say it once).
    await worker.schemaWatch!.check();
    expect(worker.runtime.workerHost.paused).toBe(true);
    expect(logged.filter((l) => l.msg.startsWith('a newer schema is applied'))).toHaveLength(1);

    await knex('knex_migrations').where({ name: NEWER }).delete();
    await vi.waitFor(() => expect(worker.runtime.workerHost.paused).toBe(false), WAIT);
    await vi.waitFor(async () => expect(await refreshes()).toBeGreaterThan(before), WAIT);
    await vi.waitFor(async () => expect(await waitingReports()).toBe(0), WAIT);
    expect(logged.map((l) => l.msg)).toContain(
      'the schema is one this worker knows again (the newer migrations were rolled back); resuming jobs',
    );
  });
});
