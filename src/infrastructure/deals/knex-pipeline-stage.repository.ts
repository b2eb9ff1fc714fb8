import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { PipelineStage, StageFields, StageSummary, SummaryFilter } from '../../domain/deals/deal';
import type { MovedDeal, PipelineStageRepository } from '../../domain/deals/deals.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { DealModel, whereDealMatches } from './knex-deal.repository';
import { preparedRows } from '../db/prepared';

const PipelineStageModel = tableModel('pipelineStages', { hasUpdatedAt: true });

const COLUMNS = ['id', 'pipeline', 'stage', 'order', 'color', 'probability', 'kind', 'staleDays', 'updatedAt'];
const toStage = (row: BaseModel) => plain<PipelineStage>(row);

/**
 * The unfiltered summary: the stages joined to deal_stage_totals (the same columns as the filtered one). A
 * closed stage's (won, lost) weighted value is 0 whatever its deals' probabilities: closed is not forecast.
 */
const UNFILTERED_SUMMARY = `
  SELECT s.id AS "stageId", s.stage, s."order", s.color, s.kind, coalesce(t.deal_count, 0) AS "dealCount",
         coalesce(t.value_sum, 0)::numeric(20, 2)::text AS "valueSum",
         round(CASE WHEN s.kind = 'open' THEN coalesce(t.weighted, 0) ELSE 0 END / 100, 2)::numeric(20, 2)::text AS "weightedValueSum"
  FROM pipeline_stages AS s
  LEFT JOIN deal_stage_totals AS t ON t.pipeline = ? AND t.stage = s.stage
  WHERE s.pipeline = ?
  ORDER BY s."order"`;

@injectable()
export class KnexPipelineStageRepository implements PipelineStageRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return PipelineStageModel.query(this.uow.db);
  }

  async list(pipeline: string): Promise<PipelineStage[]> {
    return (await this.query().select(COLUMNS).where({ pipeline }).orderBy('order')).map(toStage);
  }

  async findById(pipeline: string, id: number, options: { forUpdate?: boolean } = {}): Promise<PipelineStage | null> {
    const row = await this.query()
      .select(COLUMNS)
      .findOne({ pipeline, id })
      .modify((q) => options.forUpdate && q.forUpdate());
    return row ? toStage(row) : null;
  }

  async findByName(pipeline: string, stage: string): Promise<PipelineStage | null> {
    const row = await this.query().select(COLUMNS).findOne({ pipeline, stage });
    return row ? toStage(row) : null;
  }

  /** Served by pipeline_stages_stage_ci_unique. */
  async nameTaken(pipeline: string, stage: string, exceptId?: number): Promise<boolean> {
    const row = await this.query()
      .select('id')
      .where({ pipeline })
      .whereRaw('lower(stage) = lower(?)', [stage])
      .modify((q) => exceptId !== undefined && q.whereNot('id', exceptId))
      .first();
    return row !== undefined;
  }

  async create(pipeline: string, fields: StageFields): Promise<PipelineStage> {
    const next = raw('(SELECT coalesce(max("order"), 0) + 1 FROM pipeline_stages WHERE pipeline = ?)', [pipeline]);
    return toStage(
      await this.query()
        .insert({ ...fields, pipeline, order: next })
        .returning(COLUMNS),
    );
  }

  async update(id: number, changes: Partial<StageFields>): Promise<PipelineStage> {
    return toStage((await this.query().patch(changes).findById(id).returning(COLUMNS))!);
  }

  async delete(id: number): Promise<void> {
    await this.query().deleteById(id);
  }

  /** The order constraint is deferred: it holds again when the transaction commits. */
  async reorder(ids: number[]): Promise<void> {
    for (const [index, id] of ids.entries())
      await this.query()
        .patch({ order: index + 1 })
        .findById(id);
  }

  countDeals(stage: PipelineStage): Promise<number> {
    return DealModel.query(this.uow.db).where({ pipeline: stage.pipeline, stage: stage.stage }).resultSize();
  }

  /** One statement; updated_at stays: the deals were not worked on (their stale marks keep counting). */
  async followProbability(stage: PipelineStage): Promise<void> {
    await this.uow.db.raw(
      'UPDATE deals SET probability = ? WHERE pipeline = ? AND stage = ? AND NOT probability_manual AND probability <> ?',
      [stage.probability, stage.pipeline, stage.stage, stage.probability],
    );
  }

  /**
   * One statement: the moved cards keep their column order after the target's last card (positions
   * max + 1, max + 2, ...), take its probability unless set by hand, and count as changed (updated_at)
   * like any other move.
   */
  async moveDeals(from: PipelineStage, to: PipelineStage): Promise<MovedDeal[]> {
    const { rows } = await this.uow.db.raw<{ rows: MovedDeal[] }>(
      `UPDATE deals d
          SET stage = :to, position = base.top + ranked.rank, updated_at = greatest(clock_timestamp(), d.updated_at + interval '1 millisecond'),
              probability = CASE WHEN d.probability_manual THEN d.probability ELSE :probability END
         FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rank FROM deals WHERE pipeline = :pipeline AND stage = :from) ranked,
              (SELECT coalesce(max(position), 0) AS top FROM deals WHERE pipeline = :pipeline AND stage = :to) base
        WHERE d.id = ranked.id
    RETURNING d.id, d.title, d.contact_id AS "contactId"`,
      { pipeline: from.pipeline, from: from.stage, to: to.stage, probability: to.probability },
    );
    return rows.map((row) => ({ id: row.id, title: row.title, contactId: row.contactId }));
  }

  /**
   * The unfiltered board reads deal_stage_totals (kept by triggers on deals: a few rows, whatever the
   * number of deals); a filtered one makes one grouped pass over the pipeline's matching deals
   * (deals_pipeline_stage_position_index narrows it to the pipeline). Either is joined to the stages so an
   * empty column still shows its zeros.
   */
  async summary(pipeline: string, filter: SummaryFilter): Promise<StageSummary[]> {
    const filtered = Object.values(filter).some((value) => value !== undefined);
    if (!filtered) {
      // The board's every load: one fixed statement, bound, not built (camelCase aliases, rows as they come).
      return preparedRows<StageSummary>(this.uow.db, 'funil_stage_summary', UNFILTERED_SUMMARY, [pipeline, pipeline]);
    }
    const totals = DealModel.query(this.uow.db)
      .alias('d')
      .modify((q) => whereDealMatches(q, { ...filter, pipeline }, 'd'))
      .groupBy('d.stage')
      .select(
        'd.stage',
        raw('count(*)::int as deal_count'),
        raw('sum(d.value) as value_sum'),
        raw('sum(d.value * d.probability) as weighted'),
      );
    const rows = await this.query()
      .alias('s')
      .leftJoin(totals.as('t'), 't.stage', 's.stage')
      .where('s.pipeline', pipeline)
      .orderBy('s.order')
      .select(
        's.id as stageId',
        's.stage',
        's.order',
        's.color',
        's.kind',
        raw('coalesce(t.deal_count, 0) as deal_count'),
        raw('coalesce(t.value_sum, 0)::numeric(20, 2)::text as value_sum'),
        raw(
          "round(CASE WHEN s.kind = 'open' THEN coalesce(t.weighted, 0) ELSE 0 END / 100, 2)::numeric(20, 2)::text as weighted_value_sum",
        ),
      );
    return rows.map((row) => plain<StageSummary>(row));
  }
}
