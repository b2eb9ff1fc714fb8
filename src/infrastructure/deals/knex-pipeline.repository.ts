import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { PipelineRepository } from '../../domain/deals/deals.ports';
import type { Pipeline, PipelineChanges } from '../../domain/deals/pipeline';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { DealModel } from './knex-deal.repository';

const PipelineModel = tableModel('pipelines', { idColumn: 'key', hasUpdatedAt: true });
const COLUMNS = ['key', 'name', 'position', 'archived', 'createdAt', 'updatedAt'];
const toPipeline = (row: BaseModel) => plain<Pipeline>(row);

/** A short table (at most MAX_PIPELINES rows), read whole. */
@injectable()
export class KnexPipelineRepository implements PipelineRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return PipelineModel.query(this.uow.db);
  }

  async list(includeArchived: boolean): Promise<Pipeline[]> {
    const rows = await this.query()
      .select(COLUMNS)
      .modify((q) => !includeArchived && q.where('archived', false))
      .orderBy(['position', 'key']);
    return rows.map(toPipeline);
  }

  async find(key: string, options: { forUpdate?: boolean } = {}): Promise<Pipeline | null> {
    const row = await this.query()
      .select(COLUMNS)
      .findById(key)
      .modify((q) => options.forUpdate && q.forUpdate());
    return row ? toPipeline(row) : null;
  }

  count(): Promise<number> {
    return this.query().resultSize();
  }

  /** Served by pipelines_name_ci_unique. */
  async nameTaken(name: string, exceptKey?: string): Promise<boolean> {
    const row = await this.query()
      .select('key')
      .whereRaw('lower(name) = lower(?)', [name])
      .modify((q) => exceptKey !== undefined && q.whereNot('key', exceptKey))
      .first();
    return row !== undefined;
  }

  async create({ key, name }: Pick<Pipeline, 'key' | 'name'>): Promise<Pipeline> {
    const row = await this.query()
      .insert({ key, name, position: raw('(SELECT coalesce(max(position), 0) + 1 FROM pipelines)') })
      .returning(COLUMNS);
    return toPipeline(row);
  }

  /** Moves updated_at forward even when only the position changed (the model's update hook). */
  async update(key: string, { name, archived }: Pick<PipelineChanges, 'name' | 'archived'>): Promise<Pipeline> {
    const row = await this.query()
      .patch({ key, ...(name !== undefined && { name }), ...(archived !== undefined && { archived }) })
      .findById(key)
      .returning(COLUMNS);
    return toPipeline(row!);
  }

  /** Positions only: not an edit of the other pipelines, so their updated_at (a client's version) stays. */
  async reorder(keys: string[]): Promise<void> {
    for (const [index, key] of keys.entries())
      await this.uow
        .db('pipelines')
        .where({ key })
        .whereNot({ position: index + 1 })
        .update({ position: index + 1 });
  }

  countDeals(key: string): Promise<number> {
    return DealModel.query(this.uow.db).where({ pipeline: key }).resultSize();
  }

  async delete(key: string): Promise<void> {
    await this.uow.db('dealStageTotals').where({ pipeline: key }).delete();
    await this.query().deleteById(key);
  }
}
