import type { Knex } from 'knex';
import { OperationError } from './operation-error';
import {
  appliedMigrations,
  listSequences,
  listTables,
  tableSum,
  type TableShape,
  type TableSum,
} from './schema-catalog';

/**
 * One logical, database-neutral snapshot of the app's schema: a manifest, then each table (its columns, then its
 * rows), then the sequences. A backup file is this stream as JSON lines; the move to PostgreSQL pipes it from one
 * database into the other without a file. Rows are JSON arrays of each column's text (or null), which
 * every PostgreSQL reads back into the same values, so a backup of the embedded database restores into
 * PostgreSQL and the reverse.
 */

export const BACKUP_FORMAT = 'funil-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The version of Funil that wrote it (package.json). */
  appVersion: string;
  createdAt: string;
  source: 'postgresql' | 'embedded';
  /** The migrations applied, in order; the last one is the schema the rows fit. */
  migrations: string[];
  lastMigration: string;
  /** Each table's row count and id checksum (see tableSum), as read in the snapshot. */
  tables: Record<string, TableSum>;
  /** Tables whose rows were left out on purpose (the sessions, in a move without --sessions). */
  leftOut: string[];
}

export type SnapshotRecord =
  | { kind: 'manifest'; manifest: BackupManifest }
  | { kind: 'table'; table: string; columns: string[] }
  /** A batch of rows, each the JSON text of an array of the table's columns. */
  | { kind: 'rows'; table: string; rows: string[] }
  | { kind: 'sequences'; sequences: { name: string; lastValue: string | null }[] };

export interface ReadSnapshotOptions {
  appVersion: string;
  source: BackupManifest['source'];
  /** Tables whose rows are not read (their columns still are, and the manifest counts none). */
  leaveOutRowsOf?: string[];
  /** Rows per fetch; tables with file slices fetch a few at a time whatever this says. */
  batchRows?: number;
  now?: () => Date;
}

/** md5 of no ids: what tableSum answers for an empty table. */
const NO_IDS = 'd41d8cd98f00b204e9800998ecf8427e';

/**
 * Reads every table in one REPEATABLE READ READ ONLY transaction, so the manifest and the rows are one moment
 * of the database while the app keeps writing (PostgreSQL). Rows come through a cursor, a batch at a time:
 * memory holds one batch, never a table.
 */
export async function* readSnapshot(knex: Knex, options: ReadSnapshotOptions): AsyncGenerator<SnapshotRecord> {
  const leftOut = options.leaveOutRowsOf ?? [];
  const trx = await knex.transaction();
  try {
    await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migrations = await appliedMigrations(trx);
    if (!migrations.length) throw new OperationError('the database has no Funil schema yet (no migration applied)');
    const tables = await listTables(trx);
    const sums: Record<string, TableSum> = {};
    for (const table of tables)
      sums[table.name] = leftOut.includes(table.name) ? { rows: 0, ids: NO_IDS } : await tableSum(trx, table);
    yield {
      kind: 'manifest',
      manifest: {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        appVersion: options.appVersion,
        createdAt: (options.now?.() ?? new Date()).toISOString(),
        source: options.source,
        migrations,
        lastMigration: migrations[migrations.length - 1],
        tables: sums,
        leftOut: tables.map((t) => t.name).filter((name) => leftOut.includes(name)),
      },
    };
    for (const table of tables) {
      yield { kind: 'table', table: table.name, columns: table.columns };
      if (leftOut.includes(table.name) || sums[table.name].rows === 0) continue;
      yield* readRows(trx, table, table.wide ? 4 : (options.batchRows ?? 1_000));
    }
    const sequences = await listSequences(trx);
    yield { kind: 'sequences', sequences: sequences.map(({ name, lastValue }) => ({ name, lastValue })) };
  } finally {
    await trx.rollback();
  }
}

async function* readRows(trx: Knex.Transaction, table: TableShape, batchRows: number): AsyncGenerator<SnapshotRecord> {
  // Each column's text: exact (numeric, microseconds, arrays, bytea in hex, json as written), and any PostgreSQL
  // reads it back into the same value.
  const values = table.columns.map(() => '??::text').join(', ');
  const order = table.primaryKey.length ? `ORDER BY ${table.primaryKey.map(() => '??').join(', ')}` : '';
  await trx.raw(
    `DECLARE funil_snapshot NO SCROLL CURSOR FOR SELECT json_build_array(${values})::text AS row FROM ?? ${order}`,
    [...table.columns, table.name, ...table.primaryKey],
  );
  for (;;) {
    const { rows } = await trx.raw<{ rows: { row: string }[] }>(`FETCH ${Number(batchRows)} FROM funil_snapshot`);
    if (!rows.length) break;
    // A raw line break can only be JSON's whitespace (a string's is escaped): a row stays on one line.
    yield { kind: 'rows', table: table.name, rows: rows.map((r) => r.row.replace(/[\r\n]+/g, ' ')) };
  }
  await trx.raw('CLOSE funil_snapshot');
}
