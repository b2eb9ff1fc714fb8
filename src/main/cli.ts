import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { version as appVersion } from '../../package.json';
import { ConfigError, loadConfig, type Config } from '../infrastructure/config';
import { openDatabase, type Database } from '../infrastructure/db/database';
import { backupDatabase, moveToPostgres, restoreDatabase } from '../infrastructure/operations/database-operations';
import { OperationError } from '../infrastructure/operations/operation-error';
import type { RestoreReport } from '../infrastructure/operations/restore-snapshot';
import { askRunningApp, runningApp } from '../infrastructure/operations/running-app-backup';

/**
 * The operator's command line: `node dist/server/cli.js <command>`. It reads the app's configuration
 * (DATABASE_URL, DATA_DIR), prints progress on stdout, and on failure prints one line on stderr and exits non-zero.
 */

const USAGE = `Usage: node dist/server/cli.js <command> [options]

Commands:
  backup <file>                        Write a consistent snapshot of the database to <file> (gzip, JSON lines)
  restore <file> [--force]             Restore <file> into an empty database, then apply newer migrations
  move-to-postgres <url> [--sessions]  Copy the embedded database (DATA_DIR) into an empty PostgreSQL

The database is the app's: DATABASE_URL, or the embedded one in DATA_DIR (stop the app first, except for a backup).
Run "<command> --help" for a command's details.`;

const HELP: Record<string, string> = {
  backup: `Usage: node dist/server/cli.js backup <file>

Writes every table of the database (DATABASE_URL, else the embedded one in DATA_DIR) to <file> in one snapshot:
gzip of JSON lines, a manifest first (format, app version, last migration, rows and an id checksum per table,
created at). The app may keep running: on PostgreSQL a snapshot is read beside it; the embedded database is the
running app's alone, so the app takes the backup itself, its requests waiting the seconds that takes.
The session secret is never in the file. Also: npm run backup -- <file>`,
  restore: `Usage: node dist/server/cli.js restore <file> [--force]

Restores <file> into the database (DATABASE_URL, else the embedded one in DATA_DIR), in one transaction: the
schema up to the backup's migration, every row, sequences past the ids, then the migrations newer than the
backup; then the row counts are checked against the manifest. A database with rows is refused, naming them.
  --force   empty the database first (a schema newer than the backup is dropped and created again)
Stop the app and the worker first. Also: npm run restore -- <file> [--force]`,
  'move-to-postgres': `Usage: node dist/server/cli.js move-to-postgres <postgres url> [--sessions]

Copies the embedded database in DATA_DIR (stop the app first) into the empty PostgreSQL at <url>: same ids,
sequences past them, every table; then checks each table's count and id checksum on both sides and prints the
settings to use next. A target with rows is refused. Passwords are copied as their hashes: people sign in as before.
  --sessions   copy the sessions too (people stay signed in if SESSION_SECRET stays the same)`,
};

type Out = (line: string) => void;

export interface CliIo {
  out: Out;
  err: Out;
  env: NodeJS.ProcessEnv;
}

/** Runs one command; resolves the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    (command ? io.out : io.err)(USAGE);
    return command ? 0 : 2;
  }
  if (!(command in HELP)) {
    io.err(`funil: unknown command "${command}" (backup, restore, move-to-postgres; --help for usage)`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(HELP[command]);
    return 0;
  }
  const flags = rest.filter((arg) => arg.startsWith('--'));
  const args = rest.filter((arg) => !arg.startsWith('--'));
  const allowed = { backup: [], restore: ['--force'], 'move-to-postgres': ['--sessions'] }[command] as string[];
  const unknownFlag = flags.find((flag) => !allowed.includes(flag));
  if (unknownFlag) return fail(io, command, `unknown option ${unknownFlag} (--help for usage)`, 2);
  if (args.length !== 1)
    return fail(io, command, `expects one ${command === 'move-to-postgres' ? 'postgres:// URL' : 'file'}`, 2);

  try {
    const config = loadConfig(io.env);
    const [arg] = args;
    if (command === 'backup') await backup(config, arg, io);
    else if (command === 'restore') await restore(config, arg, flags.includes('--force'), io);
    else await move(config, arg, flags.includes('--sessions'), io);
    return 0;
  } catch (error) {
    return fail(io, command, reason(error), 1);
  }
}

async function backup(config: Config, file: string, io: CliIo) {
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target))) throw new OperationError(`no folder ${path.dirname(target)}`);
  const pgdata = path.join(config.dataDir, 'pgdata');
  const app = config.databaseUrl ? undefined : runningApp(pgdata);
  if (app !== undefined) {
    io.out(`the app (process ${app}) holds the embedded database: it takes the backup, its requests waiting meanwhile`);
    const answer = await askRunningApp(pgdata, app, target);
    io.out(
      `backup written to ${target}: ${answer.tables} tables, ${answer.rows} rows, migration ${answer.lastMigration}`,
    );
    return;
  }
  await withDatabase(config, { mustExist: true }, async (db) => {
    const manifest = await backupDatabase(db, target, { appVersion: appVersion, progress: io.out });
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    io.out(
      `backup written to ${target}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, migration ${manifest.lastMigration}`,
    );
  });
}

async function restore(config: Config, file: string, force: boolean, io: CliIo) {
  if (!existsSync(file)) throw new OperationError(`${file}: no such file`);
  await withDatabase(config, { mustExist: false }, async (db) => {
    const report = await restoreDatabase(db, file, { force, progress: io.out });
    printRestored(report, io);
  });
}

async function move(config: Config, url: string, sessions: boolean, io: CliIo) {
  if (config.databaseUrl)
    throw new OperationError(
      'DATABASE_URL is set: move-to-postgres copies the embedded database in DATA_DIR; unset it',
    );
  if (!/^postgres(ql)?:\/\//.test(url)) throw new OperationError('the target must be a postgres:// URL');
  await withDatabase(config, { mustExist: true }, async (source) => {
    await checkReachable(url);
    const target = await openDatabase({ url, ...NO_TIMEOUTS });
    try {
      const report = await moveToPostgres(source, target, { appVersion: appVersion, sessions, progress: io.out });
      printRestored(report, io);
      io.out(`verified ${report.verified.length} tables on both sides: same counts and id checksums`);
      io.out(
        [
          '',
          'Next: stop using DATA_DIR and point Funil at PostgreSQL. With docker compose, in .env (or the environment):',
          `  DATABASE_URL=${withoutPassword(url)}   (with its password; compose builds it from POSTGRES_PASSWORD)`,
          '  REDIS_URL=redis://redis:6379   (jobs then run in the worker service: docker compose up -d)',
          '  SESSION_SECRET=<32+ characters>   (the one in DATA_DIR/session-secret keeps copied sessions valid)',
          '  PUBLIC_URL=<the address people open>',
          `Keep ${config.dataDir} until the new setup is checked; people sign in with their passwords.`,
        ].join('\n'),
      );
    } finally {
      await target.close();
    }
  });
}

function printRestored(report: RestoreReport, io: CliIo) {
  const { manifest } = report;
  const rows = Object.values(report.loaded).reduce((sum, n) => sum + n, 0);
  io.out(
    `restored ${rows} rows from a backup of ${manifest.createdAt} (Funil ${manifest.appVersion}, migration ${manifest.lastMigration}): every table's count and id checksum match the manifest`,
  );
  if (manifest.leftOut.length) io.out(`left out by choice: ${manifest.leftOut.join(', ')}`);
  for (const [table, { before, after }] of Object.entries(report.changedByMigrations))
    io.out(`  ${table}: ${before} rows in the backup, ${after} after the newer migrations (expected: they change it)`);
}

/** Jobs' and migrations' work: no statement timeout, a small pool. */
const NO_TIMEOUTS = { statementTimeoutMs: 0, backgroundStatementTimeoutMs: 0, poolMax: 2 };

async function withDatabase(
  config: Config,
  { mustExist }: { mustExist: boolean },
  work: (db: Database) => Promise<void>,
) {
  const dataDir = path.join(config.dataDir, 'pgdata');
  if (!config.databaseUrl && mustExist && !existsSync(dataDir))
    throw new OperationError(`no embedded database in ${dataDir} (DATA_DIR); set DATA_DIR or DATABASE_URL`);
  if (config.databaseUrl) await checkReachable(config.databaseUrl);
  const db = await openDatabase({ url: config.databaseUrl, dataDir, ...NO_TIMEOUTS });
  try {
    await work(db);
  } finally {
    await db.close();
  }
}

/** One connection first: an unreachable database is then one line, not the pool's logged retries. */
async function checkReachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    // A network error's code (ECONNREFUSED) says it; PostgreSQL's own ("database ... does not exist") its message.
    const why = code?.startsWith('E') ? code : message;
    throw new OperationError(`cannot reach the database at ${withoutPassword(url)} (${why})`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function reason(error: unknown): string {
  if (error instanceof OperationError || error instanceof ConfigError) return error.message.replace(/\s*\n\s*/g, '; ');
  const { message } = error as { message?: string };
  return (message ?? String(error)).split('\n')[0];
}

function fail(io: CliIo, command: string, message: string, code: number): number {
  io.err(`funil ${command}: ${message}`);
  return code;
}

// Run when this file is the process's entry (node dist/server/cli.js), not when a test imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`funil: ${reason(error)}`);
      process.exit(1);
    },
  );
}
