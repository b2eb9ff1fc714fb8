import type { Pipeline, PipelineChanges } from './pipeline';
import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type {
  Deal,
  DealColumns,
  DealFilter,
  NewDeal,
  LostReason,
  LostReasonChanges,
  PipelineStage,
  StageFields,
  StageSummary,
  SummaryFilter,
} from './deal';

export interface DealRepository extends RecordStore<Deal, NewDeal, DealColumns> {
  list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>>;
  /** Which of these contact ids no contact has. */
  missingContacts(ids: number[]): Promise<number[]>;
}

export interface PipelineStageRepository {
  /** Ordered by `order`. */
  list(pipeline: string): Promise<PipelineStage[]>;
  /** `forUpdate` locks the row until the unit of work ends. */
  findById(pipeline: string, id: number, options?: { forUpdate?: boolean }): Promise<PipelineStage | null>;
  findByName(pipeline: string, stage: string): Promise<PipelineStage | null>;
  /** Whether another stage of the pipeline has this name, whatever the case. */
  nameTaken(pipeline: string, stage: string, exceptId?: number): Promise<boolean>;
  /** Appends the stage after the pipeline's last one. */
  create(pipeline: string, fields: StageFields): Promise<PipelineStage>;
  /** A rename carries the pipeline's deals along (the deals' foreign key cascades). */
  update(id: number, changes: Partial<StageFields>): Promise<PipelineStage>;
  delete(id: number): Promise<void>;
  /** Gives the stages orders 1..n in the order of `ids`. */
  reorder(ids: number[]): Promise<void>;
  countDeals(stage: PipelineStage): Promise<number>;
  /** The stage's deals whose probability was not set by hand take its probability (its own changed). */
  followProbability(stage: PipelineStage): Promise<void>;
  /**
   * Every deal of `from` goes after the last card of `to`, in their column order, taking `to`'s probability
   * unless set by hand; returns what moved.
   */
  moveDeals(from: PipelineStage, to: PipelineStage): Promise<MovedDeal[]>;
  summary(pipeline: string, filter: SummaryFilter): Promise<StageSummary[]>;
}

export type MovedDeal = Pick<Deal, 'id' | 'title' | 'contactId'>;

export interface LostReasonRepository {
  /** In order; the active ones only unless `includeRetired`. */
  list(includeRetired: boolean): Promise<LostReason[]>;
  findById(id: number, options?: { forUpdate?: boolean }): Promise<LostReason | null>;
  /** Whether another reason has this label, whatever the case. */
  labelTaken(label: string, exceptId?: number): Promise<boolean>;
  count(): Promise<number>;
  /** Appended after the last reason, with a generated key. */
  create(label: string): Promise<LostReason>;
  update(id: number, changes: LostReasonChanges): Promise<LostReason>;
  /** Gives the reasons orders 1..n in the order of `ids`. */
  reorder(ids: number[]): Promise<void>;
}

export interface PipelineRepository {
  /** In position order; the archived ones too when asked. */
  list(includeArchived: boolean): Promise<Pipeline[]>;
  /** `forUpdate` locks the row until the unit of work ends. */
  find(key: string, options?: { forUpdate?: boolean }): Promise<Pipeline | null>;
  count(): Promise<number>;
  /** Whether another pipeline has this name, whatever the case. */
  nameTaken(name: string, exceptKey?: string): Promise<boolean>;
  /** Appends the pipeline after the last one. */
  create(fields: Pick<Pipeline, 'key' | 'name'>): Promise<Pipeline>;
  update(key: string, changes: Pick<PipelineChanges, 'name' | 'archived'>): Promise<Pipeline>;
  /** Gives the pipelines positions 1..n in the order of `keys`. */
  reorder(keys: string[]): Promise<void>;
  countDeals(key: string): Promise<number>;
  /** Deletes the pipeline with its stages (and their totals); it holds no deals. */
  delete(key: string): Promise<void>;
}
