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
