import type { Knex } from 'knex';
import { MIGRATIONS, type MigrationReport } from '../../../migrations';

/** A migration's counts (MigrationReport), as it reported them. */
export type MigrationReporter = (migration: string, report: MigrationReport) => void;

/** The migrations, each `up` passing what it reports (when it reports and someone listens) to `report`. */
function source(report?: MigrationReporter): Knex.MigrationSource<string> {
  return {
    getMigrations: async () => MIGRATIONS.map(([name]) => name),
    getMigrationName: (name) => name,
    getMigration: async (name) => {
      const entry = MIGRATIONS.find(([n]) => n === name);
      if (!entry) throw new Error(`Unknown migration ${name}`);
      const [, migration] = entry;
      return {
        up: async (knex: Knex) => {
          const counts = await migration.up(knex);
          if (counts && report) report(name, counts);
        },
        down: migration.down,
      };
    },
  };
}

const config = (report?: MigrationReporter): Knex.MigratorConfig => ({
  migrationSource: source(report),
  tableName: 'knex_migrations',
});

/** A start's migrations failed: none of them stayed (see migrateLatest). */
export class MigrationFailedError extends Error {
  constructor(pending: string[], cause: unknown) {
    super(
      `Migration failed: ${(cause as Error)?.message ?? cause}. None of the ${pending.length} pending migrations (${pending[0]}${pending.length > 1 ? ` to ${pending[pending.length - 1]}` : ''}) was applied; the schema is as it was. Fix the cause and start again.`,
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

/**
 * Brings the schema up to date; knex's lock table makes concurrent starts wait for each other. Every
 * migration here runs in a transaction (none opts out), so knex runs a start's pending ones in one
 * transaction: a failure rolls all of them back, and the start stops with a MigrationFailedError.
 * `report` hears what each migration that moved data counted (companies created, contacts linked...).
 */
export async function migrateLatest(knex: Knex, report?: MigrationReporter): Promise<string[]> {
  const pending = await pendingMigrations(knex);
  // Told once every pending migration is committed: counts of a start that rolled back would mislead.
  const reports: [string, MigrationReport][] = [];
  try {
    const [, applied] = await knex.migrate.latest(config((name, counts) => reports.push([name, counts])));
    for (const [name, counts] of reports) report?.(name, counts);
    return applied as string[];
  } catch (error) {
    throw new MigrationFailedError(pending, error);
  }
}

export async function migrateRollbackAll(knex: Knex): Promise<string[]> {
  const [, rolledBack] = await knex.migrate.rollback(config(), true);
  return rolledBack as string[];
}

/** The migrations this build knows that the database has not applied yet (all of them on an empty database). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const names = MIGRATIONS.map(([name]) => name);
  if (!(await knex.schema.hasTable('knex_migrations'))) return names;
  const applied = new Set((await knex('knex_migrations').select('name')).map((row: { name: string }) => row.name));
  return names.filter((name) => !applied.has(name));
}

export interface SchemaWaitOptions {
  logger: { info(obj: object, msg: string): void };
  /** Aborted (SIGTERM while waiting): resolves false at once. */
  signal?: AbortSignal;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The worker's start: the app applies the migrations, so a worker started first (compose starts both at
 * once) waits until every migration it knows is applied, polling with a growing delay and saying so once,
 * instead of running its first jobs on missing tables. A database not reachable yet is waited for the same
 * way. Resolves true when the schema is ready, false when aborted.
 */
export async function waitForSchema(
  knex: Knex,
  { logger, signal, firstDelayMs = 200, maxDelayMs = 5_000 }: SchemaWaitOptions,
): Promise<boolean> {
  let delay = firstDelayMs;
  let said = false;
  const started = Date.now();
  while (!signal?.aborted) {
    let waitingFor: object;
    try {
      const pending = await pendingMigrations(knex);
      if (!pending.length) {
        if (said) logger.info({ waitedMs: Date.now() - started }, 'schema ready; starting');
        return true;
      }
      waitingFor = { pending: pending.length, next: pending[0] };
    } catch (error) {
      waitingFor = { databaseUnreachable: (error as { code?: string }).code ?? 'error' };
    }
    if (!said) {
      logger.info(waitingFor, 'waiting for the app to apply the migrations');
      said = true;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    delay = Math.min(delay * 2, maxDelayMs);
  }
  return false;
}

/** Migrations the database has applied that this build does not know, oldest first: a newer app migrated it. */
export async function unknownMigrations(knex: Knex): Promise<string[]> {
  const known = new Set(MIGRATIONS.map(([name]) => name));
  const applied: { name: string }[] = await knex('knex_migrations').select('name').orderBy('id');
  return applied.map((row) => row.name).filter((name) => !known.has(name));
}

/** What the schema watch stops and starts again: the worker's job runners (WorkerHost). */
export interface PausableJobs {
  pause(): Promise<void>;
  resume(): void;
}

export interface SchemaWatchOptions {
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Between two checks; a minute by default (one indexed read of knex_migrations). */
  everyMs?: number;
}

export interface SchemaWatch {
  /** One check now (the timer runs them every `everyMs`); resolves once its pause or resume is done. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * The running worker's side of upgrades: an app of a newer release may migrate the database while this worker,
 * of the older one, still runs (compose pulls and restarts services one by one). Each check reads the applied
 * migrations; one this build does not know means its jobs would run on a schema they were not written for, so the
 * jobs are paused (queued ones wait for the new worker) and the log says why. Once the set is known again (the
 * upgrade was rolled back), the jobs resume.
 */
export function watchSchema(
  knex: Knex,
  jobs: PausableJobs,
  { logger, everyMs = 60_000 }: SchemaWatchOptions,
): SchemaWatch {
  let pausedFor: string[] | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;

  const checkOnce = async () => {
    let unknown: string[];
    try {
      unknown = await unknownMigrations(knex);
    } catch (error) {
      // The database unreachable for a moment: nothing learnt; the jobs' own errors tell the rest.
      logger.warn({ err: error }, 'could not read the applied migrations; checking again later');
      return;
    }
    if (stopped) return;
    if (unknown.length && !pausedFor) {
      pausedFor = unknown;
      logger.warn(
        { unknownMigrations: unknown },
        `a newer schema is applied: migration ${unknown[0]} unknown to this worker; pausing jobs until this worker is replaced`,
      );
      await jobs.pause();
      logger.info({ unknownMigrations: unknown }, 'jobs paused; the running ones have finished');
    } else if (!unknown.length && pausedFor) {
      logger.info(
        { rolledBack: pausedFor },
        'the schema is one this worker knows again (the newer migrations were rolled back); resuming jobs',
      );
      pausedFor = undefined;
      jobs.resume();
    }
  };
  // One check at a time: a pause waits for the running jobs, and the next check comes after it.
  const check = () => (running ??= checkOnce().finally(() => (running = undefined)));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void check().finally(schedule), everyMs);
    timer.unref();
  };
  schedule();
  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
