import type { Knex } from 'knex';
import { Model, raw, type QueryBuilder } from 'objection';

/**
 * The base of every table's model.
 * - Names: the knex instance maps camelCase to snake_case both ways (database.ts), so models, plain
 *   queries and rows all speak camelCase, and raw SQL writes snake_case.
 * - Timestamps: on a table with `updated_at`, every update moves it forward by at least a millisecond,
 *   on the database's clock, so a client's stale `updatedAt` is always detected.
 * - Rows: columns are read by name and mapped to domain types by the repository (`plain`).
 * - No model is bound to a knex: every query names the unit of work's connection, `Model.query(uow.db)`.
 */
export class BaseModel extends Model {
  [column: string]: unknown;

  static hasUpdatedAt = false;

  override $beforeUpdate(): void {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt)
      this.updatedAt = raw(`greatest(clock_timestamp(), updated_at + interval '1 millisecond')`);
  }
}

/** A table's model: its name and, where it differs from the defaults, its key, JSON columns and `updatedAt`. */
export function tableModel(
  tableName: string,
  options: Partial<Pick<typeof BaseModel, 'idColumn' | 'jsonAttributes' | 'hasUpdatedAt'>> = {},
): typeof BaseModel {
  return Object.assign(class extends BaseModel {}, { tableName, ...options });
}

/** A row (a model, or columns picked from one) as the plain object the domain receives. */
export function plain<T>(row: Readonly<Record<string, unknown>>): T {
  return { ...row } as T;
}

/**
 * Runs a model's query as the plain knex query it builds and answers its rows as plain objects (camelCased by the
 * knex mappers) rather than model instances: a list reads many rows only to map them to records, and objection's
 * per-row instance (parse, set, validate hooks) was a third of its fixed cost (issue 31). Same SQL, same values.
 */
export async function plainRows<M extends BaseModel>(query: QueryBuilder<M, M[]>): Promise<M[]> {
  // The plain query's rows are the model's columns: typed as the model, which is what the callers map from.
  const plainQuery: Knex.QueryBuilder = query.toKnexQuery();
  const rows: M[] = await plainQuery;
  return rows;
}
