import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../../../../tests/support/bundle';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';

// Worker processes on real Redis and PostgreSQL (CI), as the compose `worker` service runs them.
const real = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
const root = path.resolve(__dirname, '../../../..');
const outdir = path.join(root, 'dist', 'test-worker');
const prefix = `funil-test-${process.pid}-${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
let db: TestDatabase;
let knex: Knex;
let queue: Queue;

interface Launched {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor(text: string, ms?: number): Promise<void>;
}

function launch(jobMs: number): Launched {
  const child = spawn(process.execPath, [path.join(outdir, 'slow-job-worker.js')], {
    env: { ...process.env, DATABASE_URL: db.url!, QUEUE_PREFIX: prefix, JOB_MS: String(jobMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    async waitFor(text, ms = 30_000) {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`no "${text}" from the worker:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

async function counts(key: string) {
  const [runs] = await knex('job_runs').where({ key }).count({ n: '*' });
  const [effects] = await knex('job_effects').where({ key }).count({ n: '*' });
  return { runs: Number(runs.n), effects: Number(effects.n) };
}

describe.skipIf(!real)('the worker process', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await bundleForTest({ 'slow-job-worker': path.join(__dirname, 'fixtures/slow-job-worker.ts') }, outdir);
    db = await createTestDatabase();
    knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 2 } });
    await knex.schema.createTable('job_runs', (t) => t.text('key'));
    await knex.schema.createTable('job_effects', (t) => t.text('key').primary());
    queue = new Queue('reports', { connection: { url: process.env.REDIS_URL }, prefix });
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await knex?.destroy();
    await db?.drop();
  });

  it('finishes the running job on SIGTERM, then exits cleanly within the grace period', async () => {
    const worker = launch(2_000);
    await worker.waitFor('ready');
    await queue.add('reports.refresh', { key: 'sigterm' });
    await worker.waitFor('started sigterm');
    worker.child.kill('SIGTERM');
    // 0, not the 1 of the forced exit at the end of the grace period.
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('finished sigterm');
    expect(await counts('sigterm')).toEqual({ runs: 1, effects: 1 });
    const job = (await queue.getJobs(['completed']))[0];
    expect(job?.data).toEqual({ key: 'sigterm' });
  });

  it('gives the job of a killed worker to another one, and its effect still happens once', async () => {
    const doomed = launch(60_000);
    await doomed.waitFor('ready');
    await queue.add('reports.refresh', { key: 'killed' });
    await doomed.waitFor('started killed');
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    const survivor = launch(10);
    await survivor.waitFor('finished killed');
    // Run twice (the second time by the survivor), applied once.
    expect(await counts('killed')).toEqual({ runs: 2, effects: 1 });
    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toBe(0);
  });
});
