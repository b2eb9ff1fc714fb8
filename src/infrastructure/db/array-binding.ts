import type { Knex } from 'knex';

/**
 * A list bound as one array parameter (`?::text[]`, `?::int[]`), nulls included: the driver sends it as a
 * PostgreSQL array with NULL elements. knex's binding types list arrays without nulls; this is the one place that
 * says the driver takes them.
 */
export function arrayBinding(values: readonly (string | number | null)[]): Knex.Value {
  return values as string[];
}
