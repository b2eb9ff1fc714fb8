import type { Knex } from 'knex';

/**
 * What backups, restores and the move read about the schema, from PostgreSQL's catalog (the same on PGlite): the
 * tables of the app's schema, their columns and primary keys, their sequences. Identifiers come from the catalog and
 * still travel as `??` bindings.
 */

/** knex's own lock row: a restore's migrations write it; copying it could leave the schema locked. */
export const LEFT_OUT_TABLES = ['knex_migrations_lock'];

/** The table knex records applied migrations in: copied, but it is not application data. */
export const MIGRATIONS_TABLE = 'knex_migrations';

export interface TableShape {
  name: string;
  /** Columns a row is copied with, in order: generated ones are left out (the database computes them). */
  columns: string[];
  /** The primary key's columns; empty when the table has none (the checksum then covers whole rows). */
  primaryKey: string[];
  /** Its json and jsonb columns, by type: loaded from their text with a cast (populating a record would not). */
  json: Record<string, 'json' | 'jsonb'>;
  /** Has a bytea column (the imports' 1 MB file slices): read a few rows at a time. */
  wide: boolean;
}

/** Every table of the current schema but the left-out ones, by name. */
export async function listTables(knex: Knex): Promise<TableShape[]> {
  const { rows } = await knex.raw<{
    rows: {
      name: string;
      columns: string[];
      primaryKey: string[] | null;
      json: Record<string, 'json' | 'jsonb'> | null;
      wide: boolean;
    }[];
  }>(
    `SELECT c.relname AS name,
            (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
            (SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum))
               FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
              WHERE i.indrelid = c.oid AND i.indisprimary) AS "primaryKey",
            (SELECT json_object_agg(a.attname, format_type(a.atttypid, NULL)) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                AND a.atttypid IN ('json'::regtype, 'jsonb'::regtype)) AS json,
            EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                       AND a.atttypid = 'bytea'::regtype) AS wide
       FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  return rows
    .filter((row) => !LEFT_OUT_TABLES.includes(row.name))
    .map((row) => ({ ...row, primaryKey: row.primaryKey ?? [], json: row.json ?? {} }));
}

/** Exact row counts of the application tables (every table but knex's), for the tables that have rows. */
export async function nonEmptyTables(knex: Knex, tables: TableShape[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of tables) {
    if (table.name === MIGRATIONS_TABLE) continue;
    const [{ count }] = await knex(table.name).count({ count: '*' });
    if (Number(count) > 0) found[table.name] = Number(count);
  }
  return found;
}

export interface TableSum {
  rows: number;
  /** md5 of the table's primary keys (whole rows without one), as text, sorted bytewise and joined by commas. */
  ids: string;
}

/**
 * A table's row count and a checksum of its ids, computed the same way on any PostgreSQL (text in the C collation,
 * so the order does not depend on the server's locale): two databases that agree hold the same records.
 */
export async function tableSum(knex: Knex, table: TableShape): Promise<TableSum> {
  const key = table.primaryKey.length
    ? knex.raw(`ROW(${table.primaryKey.map(() => 't.??').join(', ')})::text`, table.primaryKey)
    : knex.raw('t::text');
  const { rows } = await knex.raw<{ rows: { rows: number; ids: string }[] }>(
    `SELECT count(*)::int AS rows, md5(coalesce(string_agg(k, ',' ORDER BY k COLLATE "C"), '')) AS ids
       FROM (SELECT ? AS k FROM ?? AS t) AS keys`,
    [key, table.name],
  );
  return { rows: Number(rows[0].rows), ids: rows[0].ids };
}

/** Names of the applied migrations, in the order they were applied; none when knex's table is not there. */
export async function appliedMigrations(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable(MIGRATIONS_TABLE))) return [];
  return (await knex(MIGRATIONS_TABLE).orderBy('id').select('name')).map((row: { name: string }) => row.name);
}

export interface SequenceState {
  name: string;
  /** The last value handed out; null when the sequence was never used. */
  lastValue: string | null;
  /** The table and column that own it (a serial's), when one does. */
  table: string | null;
  column: string | null;
}

export async function listSequences(knex: Knex): Promise<SequenceState[]> {
  const { rows } = await knex.raw<{ rows: SequenceState[] }>(
    `SELECT s.sequencename::text AS name, s.last_value::text AS "lastValue", t.relname::text AS "table", a.attname::text AS "column"
       FROM pg_sequences s
       JOIN pg_class c ON c.relname = s.sequencename AND c.relnamespace = current_schema()::regnamespace
       LEFT JOIN pg_depend d ON d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid AND d.refclassid = 'pg_class'::regclass
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.schemaname = current_schema()
      ORDER BY s.sequencename`,
  );
  return rows;
}
