import { inject, injectable } from 'inversify';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { PipelineStage, StageFields, StageSummary } from '../../domain/deals/deal';
import type { PipelineStageRepository } from '../../domain/deals/deals.ports';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const COLUMNS = ['id', 'pipeline', 'stage', 'order', 'color', 'probability', 'kind'];

@injectable()
export class KnexPipelineStageRepository implements PipelineStageRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  list(pipeline: string): Promise<PipelineStage[]> {
    return this.uow.db('pipelineStages').select(COLUMNS).where({ pipeline }).orderBy('order');
  }

  async findById(pipeline: string, id: number): Promise<PipelineStage | null> {
    return (await this.uow.db('pipelineStages').select(COLUMNS).where({ pipeline, id }).first()) ?? null;
  }

  async findByName(pipeline: string, stage: string): Promise<PipelineStage | null> {
    return (await this.uow.db('pipelineStages').select(COLUMNS).where({ pipeline, stage }).first()) ?? null;
  }

  async create(pipeline: string, fields: StageFields): Promise<PipelineStage> {
    const { db } = this.uow;
    const next = db.raw('(select coalesce(max("order"), 0) + 1 from pipeline_stages where pipeline = ?)', [pipeline]);
    const [row] = await db('pipelineStages').insert({ ...fields, pipeline, order: next }).returning(COLUMNS);
    return row;
  }

  async update(id: number, changes: Partial<StageFields>): Promise<PipelineStage> {
    const [row] = await this.uow.db('pipelineStages').where({ id }).update(changes).returning(COLUMNS);
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.uow.db('pipelineStages').where({ id }).delete();
  }

  /** The order constraint is deferred: it holds again when the transaction commits. */
  async reorder(ids: number[]): Promise<void> {
    for (const [index, id] of ids.entries()) await this.uow.db('pipelineStages').where({ id }).update({ order: index + 1 });
  }

  async countDeals(stage: PipelineStage): Promise<number> {
    const row = (await this.uow.db('deals').where({ pipeline: stage.pipeline, stage: stage.stage }).count({ count: '*' }).first()) as { count: number | string };
    return Number(row.count);
  }

  summary(pipeline: string): Promise<StageSummary[]> {
    const { db } = this.uow;
    return db('pipelineStages as s')
      .leftJoin('deals as d', (j) => j.on('d.pipeline', 's.pipeline').andOn('d.stage', 's.stage'))
      .where('s.pipeline', pipeline)
      .groupBy('s.id')
      .orderBy('s.order')
      .select(
        's.id as stageId',
        's.stage',
        's.order',
        's.color',
        's.kind',
        db.raw('count(d.id) as deal_count'),
        db.raw('coalesce(sum(d.value), 0)::numeric(20, 2)::text as value_sum'),
        db.raw('round(coalesce(sum(d.value * d.probability), 0) / 100, 2)::numeric(20, 2)::text as weighted_value_sum'),
      );
  }
}
