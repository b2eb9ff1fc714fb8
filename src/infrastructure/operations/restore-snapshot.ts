import type { Knex } from 'knex';
import { MIGRATIONS } from '../../../migrations';
import { OperationError } from './operation-error';
import type { BackupManifest, SnapshotRecord } from './snapshot';
import {
  appliedMigrations,
  listSequences,
  listTables,
  MIGRATIONS_TABLE,
  nonEmptyTables,
  tableSum,
  type TableShape,
  type TableSum,
} from './schema-catalog';

export interface RestoreOptions {
  /** Empty a database that has rows first (else it is refused, naming what it holds). */
  force?: boolean;
  /** Told as the work goes: rows loaded per table, migrations applied. */
  progress?: (line: string) => void;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** Rows loaded per table (each matched the manifest's count and id checksum before anything was committed). */
  loaded: Record<string, number>;
  /** Migrations newer than the backup, applied after the load. */
  migrated: string[];
  /** Tables whose row count the newer migrations changed (or created): expected, not a failure. */
  changedByMigrations: Record<string, { before: number; after: number }>;
}

/** Rows per INSERT, and the most JSON text one carries (file slices are 2 MB each as hex). */
const INSERT_ROWS = 1_000;
const INSERT_CHARS = 8_000_000;

/**
 * Loads a snapshot into a database in ONE transaction: creates the schema by the backup's own migrations (or keeps
 * the one there when it is at most that far), empties every table, loads every row with triggers off
 * (`session_replication_role = replica`: append-only tables' guards, webhook outbox triggers and derived counters
 * do not fire; the counters' tables are loaded as they were), checks every table's count and id checksum against the
 * manifest, sets each sequence past the loaded ids, then applies the migrations newer than the backup. Any failure
 * rolls all of it back: the database is left as it was, never half-loaded.
 */
export async function restoreSnapshot(
  knex: Knex,
  records: AsyncIterable<SnapshotRecord>,
  { force = false, progress = () => undefined }: RestoreOptions = {},
): Promise<RestoreReport> {
  const iterator = records[Symbol.asyncIterator]();
  try {
    return await restoreFrom(knex, iterator, force, progress);
  } finally {
    // A reader stopped early (a refusal, a failed load) ends its transaction or closes its file.
    await iterator.return?.();
  }
}

async function restoreFrom(
  knex: Knex,
  iterator: AsyncIterator<SnapshotRecord>,
  force: boolean,
  progress: (line: string) => void,
): Promise<RestoreReport> {
  const first = await iterator.next();
  if (first.done || first.value.kind !== 'manifest') throw new OperationError('the backup has no manifest');
  const manifest = first.value.manifest;
  const known = MIGRATIONS.map(([name]) => name);
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new OperationError(
      `the backup was made by a newer Funil (${manifest.appVersion}; migration ${unknown[0]} is unknown here): upgrade Funil first`,
    );

  return knex.transaction(async (trx) => {
    const found = await nonEmptyTables(trx, await listTables(trx));
    if (Object.keys(found).length && !force)
      throw new OperationError(
        `the database is not empty (${Object.entries(found)
          .map(([table, rows]) => `${table}: ${rows}`)
          .join(', ')}); restore into an empty database, or add --force to empty it first`,
      );
    const applied = await appliedMigrations(trx);
    if (applied.some((name) => !manifest.migrations.includes(name))) {
      // A schema newer than the backup (rolling an upgrade back) cannot take its rows: it is dropped and made again.
      const [{ schema }] = (await trx.raw<{ rows: { schema: string }[] }>('SELECT current_schema() AS schema')).rows;
      progress(`dropping the schema ${schema}: it is newer than the backup`);
      await trx.raw('DROP SCHEMA ?? CASCADE', [schema]);
      await trx.raw('CREATE SCHEMA ??', [schema]);
    }
    const toBackup = await migrate(trx, manifest.migrations);
    if (toBackup.length) progress(`schema created up to ${manifest.lastMigration} (${toBackup.length} migrations)`);

    const tables = new Map((await listTables(trx)).map((table) => [table.name, table]));
    const missing = Object.keys(manifest.tables).filter((name) => !tables.has(name));
    if (missing.length) throw new OperationError(`the backup has tables the schema lacks: ${missing.join(', ')}`);

    try {
      await trx.raw('SET LOCAL session_replication_role = replica');
    } catch (error) {
      if ((error as { code?: string }).code === '42501')
        throw new OperationError(
          'loading needs a superuser connection (to turn triggers off while loading): connect as the database owner created with it, e.g. the postgres service user',
        );
      throw error;
    }
    const names = [...tables.keys()];
    await trx.raw(`TRUNCATE ${names.map(() => '??').join(', ')}`, names);

    const loaded = await loadTables(trx, iterator, tables, progress);
    for (const [name, expected] of Object.entries(manifest.tables)) {
      const sum = await tableSum(trx, tables.get(name)!);
      if (sum.rows !== expected.rows || sum.ids !== expected.ids)
        throw new OperationError(
          `table ${name}: loaded ${sum.rows} rows, the manifest says ${expected.rows}${sum.rows === expected.rows ? ' (their ids differ)' : ''}; nothing was restored`,
        );
    }
    await setSequences(trx, loaded.sequences);
    await trx.raw('SET LOCAL session_replication_role = origin');

    const before = Object.fromEntries(Object.entries(manifest.tables).map(([name, sum]) => [name, sum.rows]));
    const migrated = await migrate(trx, known);
    const changedByMigrations: RestoreReport['changedByMigrations'] = {};
    if (migrated.length) {
      progress(`applied ${migrated.length} newer migrations (${migrated[0]} to ${migrated[migrated.length - 1]})`);
      for (const table of await listTables(trx)) {
        if (table.name === MIGRATIONS_TABLE) continue;
        const after = (await tableSum(trx, table)).rows;
        if (after !== (before[table.name] ?? 0))
          changedByMigrations[table.name] = { before: before[table.name] ?? 0, after };
      }
    }
    return { manifest, loaded: loaded.rows, migrated, changedByMigrations };
  });
}

/** Applies, inside the restore's transaction, the migrations among `names` that the schema lacks. */
async function migrate(trx: Knex.Transaction, names: string[]): Promise<string[]> {
  const chosen = MIGRATIONS.filter(([name]) => names.includes(name));
  const [, applied] = await trx.migrate.latest({
    tableName: MIGRATIONS_TABLE,
    migrationSource: {
      getMigrations: async () => chosen.map(([name]) => name),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => {
        const [, migration] = chosen.find(([n]) => n === name)!;
        return { up: async (knex: Knex) => void (await migration.up(knex)), down: migration.down };
      },
    },
  });
  return applied as string[];
}

async function loadTables(
  trx: Knex.Transaction,
  iterator: AsyncIterator<SnapshotRecord>,
  tables: Map<string, TableShape>,
  progress: (line: string) => void,
): Promise<{ rows: Record<string, number>; sequences: { name: string; lastValue: string | null }[] }> {
  const rows: Record<string, number> = {};
  let sequences: { name: string; lastValue: string | null }[] = [];
  let current: { table: string; columns: string[]; batch: Record<string, unknown>[]; chars: number } | undefined;
  const flush = async () => {
    if (!current?.batch.length) return;
    const { table, columns, batch } = current;
    const shape = tables.get(table)!;
    // Each value goes in through its type's input function (json_populate_record), json ones by an explicit cast
    // of their text (populating would store the text as a JSON string); the JSON travels as one text parameter.
    const values = columns.map((column) => {
      const type = shape.json[column];
      return type ? `CAST(r.v ->> ? AS ${type === 'json' ? 'json' : 'jsonb'})` : 'p.??';
    });
    await trx.raw(
      `INSERT INTO ?? (${columns.map(() => '??').join(', ')})
       SELECT ${values.join(', ')}
         FROM json_array_elements(CAST(? AS text)::json) AS r(v), json_populate_record(NULL::??, r.v) AS p`,
      [table, ...columns, ...columns, JSON.stringify(batch), table],
    );
    const before = rows[table] ?? 0;
    rows[table] = before + batch.length;
    current.batch = [];
    current.chars = 0;
    if (Math.floor(rows[table] / 50_000) > Math.floor(before / 50_000)) progress(`${table}: ${rows[table]} rows…`);
  };
  const finishTable = async () => {
    await flush();
    if (current) progress(`${current.table}: ${rows[current.table] ?? 0} rows`);
  };
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const record = next.value;
    if (record.kind === 'table') {
      await finishTable();
      const shape = tables.get(record.table);
      const extra = record.columns.filter((column) => !shape?.columns.includes(column));
      if (!shape || extra.length)
        throw new OperationError(
          `the schema has no ${shape ? `column ${record.table}.${extra[0]}` : `table ${record.table}`}`,
        );
      current = { table: record.table, columns: record.columns, batch: [], chars: 0 };
    } else if (record.kind === 'rows') {
      if (!current || current.table !== record.table) throw new OperationError(`rows of ${record.table} out of place`);
      for (const line of record.rows) {
        const values = JSON.parse(line) as unknown[];
        const row: Record<string, unknown> = {};
        current.columns.forEach((column, i) => (row[column] = values[i]));
        current.batch.push(row);
        current.chars += line.length;
        if (current.batch.length >= INSERT_ROWS || current.chars >= INSERT_CHARS) await flush();
      }
    } else if (record.kind === 'sequences') sequences = record.sequences;
    else throw new OperationError('a second manifest in the backup');
  }
  await finishTable();
  return { rows, sequences };
}

/** Each sequence past the ids loaded and past where it stood in the backup: new records never reuse an id. */
async function setSequences(trx: Knex.Transaction, saved: { name: string; lastValue: string | null }[]) {
  for (const sequence of await listSequences(trx)) {
    const candidates: bigint[] = [];
    const before = saved.find((s) => s.name === sequence.name)?.lastValue;
    if (before) candidates.push(BigInt(before));
    if (sequence.table && sequence.column) {
      const [{ max }] = (
        await trx.raw<{ rows: { max: string | null }[] }>('SELECT max(??)::text AS max FROM ??', [
          sequence.column,
          sequence.table,
        ])
      ).rows;
      if (max !== null) candidates.push(BigInt(max));
    }
    const value = candidates.reduce<bigint | null>((a, b) => (a === null || b > a ? b : a), null);
    await trx.raw(`SELECT setval(format('%I', CAST(? AS text))::regclass, CAST(? AS bigint), ?)`, [
      sequence.name,
      String(value ?? 1n),
      value !== null,
    ]);
  }
}

export type { TableSum };
