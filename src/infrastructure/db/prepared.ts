import type { Knex } from 'knex';

type Row = Record<string, unknown>;

/** A pg client, as knex's pool lends it. */
interface PgConnection {
  query<T>(config: { name: string; text: string; values: readonly Knex.Value[] }): Promise<{ rows: T[] }>;
}

/** Each statement's SQL with PostgreSQL's `$n` placeholders, by name, as knex first compiled it. */
const compiled = new Map<string, string>();

/**
 * The rows of a fixed statement of the hot path (the session check, the board's summary, the contacts search, a
 * contact's create), sent as a named prepared statement on PostgreSQL: each connection parses and plans it once, and
 * later runs send only its values (issue 31). `name` is the statement's own: one name, one SQL text.
 *
 * Outside a transaction on PostgreSQL, knex compiles the statement once (its `?` placeholders to `$n`), and each run
 * takes a connection from knex's own pool and gives it back, so nothing goes around the pool, its limits or its
 * timeouts: what is skipped is knex's per-run work (a raw builder, its compile, the runner). Its `query`,
 * `query-response` and `query-error` events are emitted as knex emits them, for the listeners that watch statements
 * (WriteWatch, which tells the read cache a write happened; the statement-timeout metric; tests). In a transaction,
 * and on PGlite (one connection, in process), knex runs it as it is.
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
    const native = db.raw(sql, bindings).toSQL().toNative();
    // An identifier binding (`??`) goes into the SQL text, which is compiled once: values only.
    if (native.bindings.length !== bindings.length)
      throw new Error(`preparedRows: ${name} has identifier bindings; write the names into its SQL`);
    text = native.sql;
    compiled.set(name, text);
  }
  const statement = { name, text, values: bindings };
  const described = () => ({ method: 'raw', sql: text, bindings, options: { name } });
  if (db.listenerCount('query') > 0) db.emit('query', described());
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    const result = await connection.query<T>(statement);
    if (db.listenerCount('query-response') > 0) db.emit('query-response', result, described());
    return result.rows;
  } catch (error) {
    db.emit('query-error', error, described());
    throw error;
  } finally {
    // knex gives the connection back to its pool at once; its promise only says so (no tick spent waiting for it).
    void db.client.releaseConnection(connection);
  }
}
