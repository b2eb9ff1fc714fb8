import { inject, injectable } from 'inversify';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import { MAX_STAGES_PER_PIPELINE, type LostReason, type PipelineStage, type StageFields, type StageSummary, type SummaryFilter } from './deal';
import { StageInUseError, StageLimitError } from './deals.errors';
import type { PipelineStageRepository } from './deals.ports';
import { PIPELINE_STAGE_REPOSITORY } from './deals.tokens';

/** The stages of a pipeline; every write is an admin's (the router enforces the permission table). */
@injectable()
export class PipelineStagesService {
  constructor(
    @inject(PIPELINE_STAGE_REPOSITORY) private readonly stages: PipelineStageRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  list(pipeline: string): Promise<PipelineStage[]> {
    return this.stages.list(pipeline);
  }

  /** Column totals over every deal matching the board's filters, not over the cards a client loaded. */
  summary(pipeline: string, filter: SummaryFilter = {}): Promise<StageSummary[]> {
    return this.stages.summary(pipeline, filter);
  }

  lostReasons(): Promise<LostReason[]> {
    return this.stages.lostReasons();
  }

  create(pipeline: string, fields: StageFields): Promise<PipelineStage> {
    return this.uow.run(async () => {
      if ((await this.stages.list(pipeline)).length >= MAX_STAGES_PER_PIPELINE) throw new StageLimitError(MAX_STAGES_PER_PIPELINE);
      return this.stages.create(pipeline, fields);
    });
  }

  update(pipeline: string, id: number, changes: Partial<StageFields>): Promise<PipelineStage> {
    return this.uow.run(async () => {
      await this.find(pipeline, id);
      return this.stages.update(id, changes);
    });
  }

  remove(pipeline: string, id: number): Promise<void> {
    return this.uow.run(async () => {
      const stage = await this.find(pipeline, id);
      const deals = await this.stages.countDeals(stage);
      if (deals > 0) throw new StageInUseError(deals);
      await this.stages.delete(id);
    });
  }

  /** `ids` must list every stage of the pipeline exactly once. */
  reorder(pipeline: string, ids: number[]): Promise<PipelineStage[]> {
    return this.uow.run(async () => {
      const current = (await this.stages.list(pipeline)).map((s) => s.id);
      if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) {
        throw new FieldError('stageIds', 'stageIds must list every stage of the pipeline exactly once');
      }
      await this.stages.reorder(ids);
      return this.stages.list(pipeline);
    });
  }

  private async find(pipeline: string, id: number): Promise<PipelineStage> {
    const stage = await this.stages.findById(pipeline, id);
    if (!stage) throw new RecordNotFoundError('STAGE.NOT_FOUND', 'Stage');
    return stage;
  }
}
