import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { freePort } from '../../support/free-port';

// A Redis and a PostgreSQL of the suite's own, to stop, restart and cut off: the machine's shared ones
// (6379, 5432) serve everyone else's tests and are never touched. closeInstances() in afterAll stops them,
// and a last synchronous sweep at exit covers a run that died before it.

const PG_BIN = '/usr/lib/postgresql/15/bin';
const cleanups = new Set<() => void>();

process.once('exit', () => {
  for (const cleanup of cleanups) cleanup();
});

/** Stops every instance this file started; safe to call twice. */
export async function closeInstances(): Promise<void> {
  for (const cleanup of [...cleanups]) cleanup();
  cleanups.clear();
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RedisInstance {
  port: number;
  url: string;
  /** Stops the server (no persistence: it comes back empty, as a Redis restarted without AOF does). */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

export async function startRedis(): Promise<RedisInstance> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const kill = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  cleanups.add(kill);

  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    let out = '';
    started.stdout!.on('data', (d) => (out += d));
    started.stderr!.on('data', (d) => (out += d));
    await waitUntil(`redis on ${port} starting (${out})`, () => {
      if (started.exitCode !== null) throw new Error(`redis-server exited: ${out}`);
      return out.includes('Ready to accept connections');
    });
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}

export interface PostgresInstance {
  port: number;
  /** URL of a database on this instance (`postgres` by default). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** pg_ctl restart -m fast: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  /** Ends every backend connected to `database` (pg_terminate_backend); returns how many. */
  terminateBackends(database: string): Promise<number>;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root (PostgreSQL refuses to run as root). */
function pgCommand(bin: string, args: string[]): { status: number | null; output: string } {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]]
    : [path.join(PG_BIN, bin), args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

function pgCommandAsync(bin: string, args: string[]): Promise<{ status: number | null; output: string }> {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]]
    : [path.join(PG_BIN, bin), args];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (status) => resolve({ status, output }));
  });
}

export async function startPostgres(): Promise<PostgresInstance> {
  const port = await freePort();
  const root = mkdtempSync(path.join(tmpdir(), 'funil-faults-pg-'));
  const dataDir = path.join(root, 'data');
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(root, uid, gid);
  }
  const init = pgCommand('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.output}`);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=on -c max_connections=60`;
  const ctl = (action: string, ...extra: string[]) =>
    pgCommandAsync('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(root, 'log'),
      '-w',
      '-t',
      '60',
      ...extra,
      action,
    ]);
  const check = async (what: string, result: Promise<{ status: number | null; output: string }>) => {
    const { status, output } = await result;
    if (status !== 0) throw new Error(`pg_ctl ${what} failed: ${output}`);
  };

  cleanups.add(() => {
    pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    rmSync(root, { recursive: true, force: true });
  });

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = async <T>(work: (knex: ReturnType<typeof knexFactory>) => Promise<T>): Promise<T> => {
    const knex = knexFactory({ client: 'pg', connection: url(), pool: { min: 0, max: 1 } });
    try {
      return await work(knex);
    } finally {
      await knex.destroy();
    }
  };

  await check('start', ctl('start'));
  return {
    port,
    url,
    async createDatabase(name) {
      await admin((knex) => knex.raw('CREATE DATABASE ??', [name]));
      return url(name);
    },
    stop: () => check('stop', ctl('stop', '-m', 'fast')),
    start: () => check('start', ctl('start')),
    restart: () => check('restart', ctl('restart', '-m', 'fast')),
    terminateBackends: (database) =>
      admin(async (knex) => {
        const { rows } = await knex.raw(
          'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()',
          [database],
        );
        return (rows as { ended: boolean }[]).filter((r) => r.ended).length;
      }),
  };
}
