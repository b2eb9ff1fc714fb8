import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { lockHolder } from '../db/database';
import { backupDatabase } from './database-operations';
import { OperationError } from './operation-error';

/**
 * A backup of the embedded database while the app runs (issue 30). The embedded database is one process's, so the
 * running app takes the backup itself: the operator's command leaves a request beside the data directory and waits
 * for the answer. The app reads its one connection's snapshot in one transaction, so its own requests and jobs wait
 * for the seconds that takes (its writes are paused), and none is lost.
 *
 * Files beside `<pgdata>`: `.backups` (the pid of the app that takes requests; written at its start, removed at its
 * stop), `.backup-request.json` ({ id, file }) and `.backup-result-<id>.json` (the answer).
 */
const READY = '.backups';
const REQUEST = '.backup-request.json';
const resultFile = (pgdata: string, id: string) => `${pgdata}.backup-result-${id}.json`;

interface BackupRequest {
  id: string;
  file: string;
}

export interface BackupAnswer {
  ok: boolean;
  /** ok: the tables and rows written and the last migration; else why not. */
  tables?: number;
  rows?: number;
  lastMigration?: string;
  error?: string;
}

/** Writes `value` as JSON to `file` all at once (a reader never sees half of it). */
function writeJson(file: string, value: unknown): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(value));
  renameSync(partial, file);
}

/**
 * In the app (embedded, on disk): takes the backups asked for, looking for a request every `intervalMs`. Returns
 * the stop, which says it no longer takes requests.
 */
export function takeBackupRequests(
  db: Database,
  pgdata: string,
  options: { appVersion: string; logger: Logger; intervalMs?: number },
): () => void {
  const request = `${pgdata}${REQUEST}`;
  writeFileSync(`${pgdata}${READY}`, String(process.pid));
  let busy = false;
  const look = async () => {
    if (busy || !existsSync(request)) return;
    busy = true;
    let asked: BackupRequest | undefined;
    try {
      asked = JSON.parse(readFileSync(request, 'utf8')) as BackupRequest;
      rmSync(request, { force: true });
      options.logger.info({ file: asked.file }, 'taking a backup asked for by the command line; requests wait for it');
      const manifest = await backupDatabase(db, asked.file, { appVersion: options.appVersion });
      const tables = Object.values(manifest.tables);
      writeJson(resultFile(pgdata, asked.id), {
        ok: true,
        tables: tables.length,
        rows: tables.reduce((sum, table) => sum + table.rows, 0),
        lastMigration: manifest.lastMigration,
      } satisfies BackupAnswer);
      options.logger.info({ file: asked.file }, 'backup written');
    } catch (error) {
      const why = ((error as Error).message ?? String(error)).split('\n')[0];
      options.logger.error({ err: error }, 'backup asked for by the command line failed');
      if (asked) writeJson(resultFile(pgdata, asked.id), { ok: false, error: why } satisfies BackupAnswer);
      else rmSync(request, { force: true });
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look(), options.intervalMs ?? 500);
  timer.unref();
  return () => {
    clearInterval(timer);
    rmSync(`${pgdata}${READY}`, { force: true });
  };
}

/**
 * In the command line: whether a running app holds the embedded database and takes backups (its pid), else
 * undefined (nobody holds it). A holder that takes none (an older version) is refused with the reason.
 */
export function runningApp(pgdata: string): number | undefined {
  const holder = lockHolder(pgdata);
  if (holder === undefined) return undefined;
  const ready = existsSync(`${pgdata}${READY}`) ? Number(readFileSync(`${pgdata}${READY}`, 'utf8')) : undefined;
  if (ready !== holder)
    throw new OperationError(
      `the embedded database in ${pgdata} is in use by process ${holder}, which takes no backups: stop it first`,
    );
  return holder;
}

/** Asks the running app `pid` for a backup to `file` and waits for its answer (or for it to stop). */
export async function askRunningApp(
  pgdata: string,
  pid: number,
  file: string,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<BackupAnswer> {
  const request = `${pgdata}${REQUEST}`;
  if (existsSync(request)) throw new OperationError('another backup is being asked for; try again when it is done');
  const id = randomUUID();
  writeJson(request, { id, file } satisfies BackupRequest);
  const result = resultFile(pgdata, id);
  const until = Date.now() + (options.timeoutMs ?? 60 * 60_000);
  try {
    for (;;) {
      if (existsSync(result)) {
        const answer = JSON.parse(readFileSync(result, 'utf8')) as BackupAnswer;
        if (!answer.ok) throw new OperationError(`the app could not take the backup: ${answer.error}`);
        return answer;
      }
      if (lockHolder(pgdata) !== pid) throw new OperationError(`the app (process ${pid}) stopped before answering`);
      if (Date.now() > until) throw new OperationError(`the app (process ${pid}) did not answer in time`);
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
    }
  } finally {
    rmSync(request, { force: true });
    rmSync(result, { force: true });
  }
}
