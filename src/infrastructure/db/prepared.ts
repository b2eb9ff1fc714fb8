import type { Knex } from 'knex';

type Row = Record<string, unknown>;

/** A pg client, as knex's pool lends it. */
interface PgConnection {
  query<T>(config: { name: string; text: string; values: readonly Knex.Value[] }): Promise<{ rows: T[] }>;
}

/** Each statement's SQL with PostgreSQL's `$n` placeholders, by name, as knex first compiled it. */
const compiled = new Map<string, string>();

/**
 * The rows of a fixed read of the hot path (the session check, the board's summary, the contacts search), sent as a
 * named prepared statement on PostgreSQL: each connection parses and plans it once, and later runs send only its
 * values (issue 31). `name` is the statement's own: one name, one SQL text.
 *
 * Outside a transaction on PostgreSQL, knex compiles the statement once (its `?` placeholders to `$n`), and each run
 * takes a connection from knex's own pool and gives it back, so nothing goes around the pool, its limits or its
 * timeouts: what is skipped is knex's per-run work (a raw builder, its compile, the runner). Its `query` and
 * `query-error` events are emitted as knex emits them, for the listeners that watch statements (tests, the
 * statement-timeout metric). Only reads come this way: a write's `query-response` (WriteWatch) is knex's. In a
 * transaction, and on PGlite (one connection, in process), knex runs it as it is.
 */
export async function preparedRows<T extends object = Row>(
  db: Knex | Knex.Transaction,
  name: string,
  sql: string,
  bindings: readonly Knex.Value[],
): Promise<T[]> {
  if (db.client.config.client !== 'pg' || (db as Knex.Transaction).isTransaction) {
    const query = db.raw(sql, bindings);
    if (db.client.config.client === 'pg') query.options({ name });
    return ((await query) as { rows: T[] }).rows;
  }
  let text = compiled.get(name);
  if (text === undefined) {
    text = db.raw(sql, bindings).toSQL().toNative().sql;
    compiled.set(name, text);
  }
  const statement = { name, text, values: bindings };
  if (db.listenerCount('query') > 0) db.emit('query', { method: 'raw', sql: text, bindings, options: { name } });
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    return (await connection.query<T>(statement)).rows;
  } catch (error) {
    db.emit('query-error', error, { method: 'raw', sql: text, bindings, options: { name } });
    throw error;
  } finally {
    await db.client.releaseConnection(connection);
  }
}
