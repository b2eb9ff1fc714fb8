import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { LostReason, LostReasonChanges } from '../../domain/deals/deal';
import type { LostReasonRepository } from '../../domain/deals/deals.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const LostReasonModel = tableModel('lostReasons', { hasUpdatedAt: true });
const COLUMNS = ['id', 'key', 'label', 'order', 'isActive as active', 'updatedAt'];
const toReason = (row: BaseModel) => plain<LostReason>(row);

/** A short table (at most MAX_LOST_REASONS rows), read whole. */
@injectable()
export class KnexLostReasonRepository implements LostReasonRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return LostReasonModel.query(this.uow.db);
  }

  async list(includeRetired: boolean): Promise<LostReason[]> {
    const rows = await this.query()
      .select(COLUMNS)
      .modify((q) => !includeRetired && q.where('isActive', true))
      .orderBy([{ column: 'isActive', order: 'desc' }, 'order', 'id']);
    return rows.map(toReason);
  }

  async findById(id: number, options: { forUpdate?: boolean } = {}): Promise<LostReason | null> {
    const row = await this.query()
      .select(COLUMNS)
      .findById(id)
      .modify((q) => options.forUpdate && q.forUpdate());
    return row ? toReason(row) : null;
  }

  /** Served by lost_reasons_label_ci_unique. */
  async labelTaken(label: string, exceptId?: number): Promise<boolean> {
    const row = await this.query()
      .select('id')
      .whereRaw('lower(label) = lower(?)', [label])
      .modify((q) => exceptId !== undefined && q.whereNot('id', exceptId))
      .first();
    return row !== undefined;
  }

  count(): Promise<number> {
    return this.query().resultSize();
  }

  async create(label: string): Promise<LostReason> {
    const row = await this.query()
      .insert({
        label,
        key: raw("'custom-' || gen_random_uuid()"),
        order: raw('(SELECT coalesce(max("order"), 0) + 1 FROM lost_reasons)'),
      })
      .returning(COLUMNS);
    return toReason(row);
  }

  async update(id: number, { label, active }: LostReasonChanges): Promise<LostReason> {
    const row = await this.query()
      .patch({ ...(label !== undefined && { label }), ...(active !== undefined && { isActive: active }) })
      .findById(id)
      .returning(COLUMNS);
    return toReason(row!);
  }

  async reorder(ids: number[]): Promise<void> {
    for (const [index, id] of ids.entries())
      await this.query()
        .patch({ order: index + 1 })
        .findById(id);
  }
}
