import type { Database } from '../db/database';
import { readBackupFile, writeBackupFile } from './backup-file';
import { OperationError } from './operation-error';
import { restoreSnapshot, type RestoreOptions, type RestoreReport } from './restore-snapshot';
import { readSnapshot, type BackupManifest, type SnapshotRecord } from './snapshot';
import { listTables, tableSum, type TableSum } from './schema-catalog';

/** The three things an operator does to a whole database: back it up, restore it, move it to PostgreSQL. */

export interface OperationOptions {
  /** Funil's version (package.json), written into the manifest. */
  appVersion: string;
  progress?: (line: string) => void;
}

/** Writes a consistent snapshot of `db` into `file` (see readSnapshot and writeBackupFile). */
export async function backupDatabase(db: Database, file: string, options: OperationOptions): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const records = readSnapshot(db.knex, { appVersion: options.appVersion, source: sourceOf(db) });
  await writeBackupFile(
    reportRows(records, options.progress, (m) => (manifest = m)),
    file,
  );
  return manifest!;
}

/** Restores a backup file into `db` (see restoreSnapshot). */
export function restoreDatabase(db: Database, file: string, options: RestoreOptions = {}): Promise<RestoreReport> {
  return restoreSnapshot(db.background, readBackupFile(file), options);
}

export interface MoveOptions extends OperationOptions {
  /** Copy the sessions too: people stay signed in (with the same SESSION_SECRET). */
  sessions?: boolean;
}

export interface MoveReport extends RestoreReport {
  /** Each table's count and id checksum, computed the same way on both databases after the copy. */
  verified: { table: string; source: TableSum; target: TableSum }[];
}

/**
 * Copies the embedded database into an empty PostgreSQL through the same reader and loader as a backup and its
 * restore (no file in between), then checks each table's count and id checksum on both sides.
 */
export async function moveToPostgres(source: Database, target: Database, options: MoveOptions): Promise<MoveReport> {
  if (!source.embedded) throw new OperationError('the source is not the embedded database: unset DATABASE_URL');
  if (target.embedded) throw new OperationError('the target must be a postgres:// URL');
  const leaveOut = options.sessions ? [] : ['sessions'];
  const records = readSnapshot(source.knex, {
    appVersion: options.appVersion,
    source: 'embedded',
    leaveOutRowsOf: leaveOut,
  });
  const report = await restoreSnapshot(target.background, records, { progress: options.progress });
  const verified: MoveReport['verified'] = [];
  const targetTables = new Map((await listTables(target.background)).map((table) => [table.name, table]));
  for (const table of await listTables(source.knex)) {
    if (leaveOut.includes(table.name) || table.name in report.changedByMigrations) continue;
    const sums = { table: table.name, source: await tableSum(source.knex, table), target: { rows: 0, ids: '' } };
    const there = targetTables.get(table.name);
    if (there) sums.target = await tableSum(target.background, there);
    if (sums.source.rows !== sums.target.rows || sums.source.ids !== sums.target.ids)
      throw new OperationError(
        `table ${table.name} differs after the copy: ${sums.source.rows} rows here, ${sums.target.rows} there; point nothing at the target`,
      );
    verified.push(sums);
  }
  return { ...report, verified };
}

function sourceOf(db: Database): BackupManifest['source'] {
  return db.embedded ? 'embedded' : 'postgresql';
}

/** Passes the records on, telling `progress` each table's rows once it is read. */
async function* reportRows(
  records: AsyncIterable<SnapshotRecord>,
  progress: ((line: string) => void) | undefined,
  onManifest: (manifest: BackupManifest) => void,
): AsyncGenerator<SnapshotRecord> {
  let table: string | undefined;
  let rows = 0;
  const done = () => table !== undefined && progress?.(`${table}: ${rows} rows`);
  for await (const record of records) {
    if (record.kind === 'manifest') onManifest(record.manifest);
    if (record.kind === 'table' || record.kind === 'sequences') {
      done();
      table = record.kind === 'table' ? record.table : undefined;
      rows = 0;
    }
    if (record.kind === 'rows') {
      const before = rows;
      rows += record.rows.length;
      if (Math.floor(rows / 50_000) > Math.floor(before / 50_000)) progress?.(`${table}: ${rows} rows…`);
    }
    yield record;
  }
}
