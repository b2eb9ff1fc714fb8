import type { Knex } from 'knex';
import type { RecordStore } from '../../domain/crm/crm-records';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/**
 * Find, insert, update and delete by id for one CRM table; subclasses say how a record is read (with
 * the display names of what it refers to) and how values become columns. Every write bumps
 * `updated_at` by at least a millisecond, so a client's stale `updatedAt` is always detected.
 */
export abstract class KnexRecordStore<T extends { id: number }, New extends object, Changes extends object> implements RecordStore<T, New, Changes> {
  constructor(
    protected readonly uow: KnexUnitOfWork,
    protected readonly table: string,
  ) {}

  /** The record query: `table` (not aliased) joined with what the record shows. */
  protected abstract selectRecord(db: Knex): Knex.QueryBuilder;

  protected toColumns(values: Partial<New> | Changes): Record<string, unknown> {
    return values as Record<string, unknown>;
  }

  protected toRecord(row: Record<string, unknown>): T {
    return row as unknown as T;
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<T | null> {
    const query = this.selectRecord(this.uow.db).where(`${this.table}.id`, id).first();
    if (options.forUpdate) query.forUpdate(this.table);
    const row = await query;
    return row ? this.toRecord(row) : null;
  }

  async create(values: New): Promise<T> {
    const [row] = await this.uow.db(this.table).insert(this.toColumns(values)).returning('id');
    return (await this.findById(row.id))!;
  }

  async update(id: number, changes: Changes): Promise<T> {
    const { db } = this.uow;
    await db(this.table)
      .where({ id })
      .update({ ...this.toColumns(changes), updatedAt: db.raw(`greatest(clock_timestamp(), updated_at + interval '1 millisecond')`) });
    return (await this.findById(id))!;
  }

  async delete(id: number): Promise<void> {
    await this.uow.db(this.table).where({ id }).delete();
  }
}
