import type { Knex } from 'knex';

/**
 * A fixed statement of the hot path (the session check, the board's summary, the contacts search), sent as a named
 * prepared statement on PostgreSQL: each connection parses and plans it once, and later runs send only its values
 * (issue 31). PGlite (one connection, in process) takes it as it is. `name` is the statement's own: one name, one
 * SQL text.
 */
export function preparedRaw(db: Knex | Knex.Transaction, name: string, sql: string, bindings: readonly Knex.Value[]) {
  const query = db.raw(sql, bindings);
  if (db.client.config.client === 'pg') query.options({ name });
  return query;
}
