import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { Deal, DealColumns, DealFilter, NewDeal, LostReason, PipelineStage, StageFields, StageSummary, SummaryFilter } from './deal';

export interface DealRepository extends RecordStore<Deal, NewDeal, DealColumns> {
  list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>>;
}

export interface PipelineStageRepository {
  /** Ordered by `order`. */
  list(pipeline: string): Promise<PipelineStage[]>;
  findById(pipeline: string, id: number): Promise<PipelineStage | null>;
  findByName(pipeline: string, stage: string): Promise<PipelineStage | null>;
  /** Appends the stage after the pipeline's last one. */
  create(pipeline: string, fields: StageFields): Promise<PipelineStage>;
  /** A rename carries the pipeline's deals along. */
  update(id: number, changes: Partial<StageFields>): Promise<PipelineStage>;
  delete(id: number): Promise<void>;
  /** Gives the stages orders 1..n in the order of `ids`. */
  reorder(ids: number[]): Promise<void>;
  countDeals(stage: PipelineStage): Promise<number>;
  summary(pipeline: string, filter: SummaryFilter): Promise<StageSummary[]>;
  /** Active ones, in order. */
  lostReasons(): Promise<LostReason[]>;
}
