import { inject, injectable } from 'inversify';
import { ConflictError } from '../shared/conflict.error';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import { DEFAULT_PIPELINE, MAX_STAGES_PER_PIPELINE } from './deal';
import {
  DefaultPipelineError,
  PipelineHasDealsError,
  PipelineKeyTakenError,
  PipelineLimitError,
  PipelineNameTakenError,
  PipelineNotFoundError,
  StageLimitError,
  StageNameTakenError,
} from './deals.errors';
import type { PipelineRepository, PipelineStageRepository } from './deals.ports';
import { PIPELINE_REPOSITORY, PIPELINE_STAGE_REPOSITORY } from './deals.tokens';
import {
  checkStageShape,
  MAX_PIPELINES,
  SEEDED_STAGES,
  type NewPipeline,
  type Pipeline,
  type PipelineChanges,
} from './pipeline';

/**
 * The team's pipelines: everyone reads them, an admin writes them (the router enforces the permission table). The
 * default pipeline, where a deal goes when none is named, is always there: it is neither archived nor deleted.
 */
@injectable()
export class PipelinesService {
  constructor(
    @inject(PIPELINE_REPOSITORY) private readonly pipelines: PipelineRepository,
    @inject(PIPELINE_STAGE_REPOSITORY) private readonly stages: PipelineStageRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  list(includeArchived = false): Promise<Pipeline[]> {
    return this.pipelines.list(includeArchived);
  }

  async get(key: string): Promise<Pipeline> {
    const pipeline = await this.pipelines.find(key);
    if (!pipeline) throw new PipelineNotFoundError();
    return pipeline;
  }

  /** A new pipeline, last in the switcher, with its stages (the seeded set unless given) in one transaction. */
  create({ key, name, stages = SEEDED_STAGES }: NewPipeline): Promise<Pipeline> {
    if (stages.length > MAX_STAGES_PER_PIPELINE) throw new StageLimitError(MAX_STAGES_PER_PIPELINE);
    checkStageShape(stages, 'stages');
    const names = new Set(stages.map((s) => s.stage.toLowerCase()));
    if (names.size !== stages.length) throw new StageNameTakenError();
    return this.uow.run(async () => {
      if ((await this.pipelines.count()) >= MAX_PIPELINES) throw new PipelineLimitError(MAX_PIPELINES);
      if (await this.pipelines.find(key)) throw new PipelineKeyTakenError();
      if (await this.pipelines.nameTaken(name)) throw new PipelineNameTakenError();
      const pipeline = await this.pipelines.create({ key, name });
      for (const stage of stages) await this.stages.create(key, stage);
      return pipeline;
    });
  }

  /** Rename, move in the switcher (`position`, 1-based), archive or restore. */
  update(key: string, changes: PipelineChanges, expectedUpdatedAt?: Date): Promise<Pipeline> {
    return this.uow.run(async () => {
      const current = await this.pipelines.find(key, { forUpdate: true });
      if (!current) throw new PipelineNotFoundError();
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
        throw new ConflictError(current);
      if (changes.archived && key === DEFAULT_PIPELINE) throw new DefaultPipelineError();
      if (changes.name !== undefined && (await this.pipelines.nameTaken(changes.name, key)))
        throw new PipelineNameTakenError();
      if (changes.position !== undefined && changes.position !== current.position) {
        const keys = (await this.pipelines.list(true)).map((p) => p.key).filter((k) => k !== key);
        keys.splice(Math.min(changes.position, keys.length + 1) - 1, 0, key);
        await this.pipelines.reorder(keys);
      }
      return this.pipelines.update(key, { name: changes.name, archived: changes.archived });
    });
  }

  /** Refused while the pipeline holds deals (409 with their count): they are moved to another pipeline first. */
  remove(key: string): Promise<void> {
    return this.uow.run(async () => {
      if (key === DEFAULT_PIPELINE) throw new DefaultPipelineError();
      const current = await this.pipelines.find(key, { forUpdate: true });
      if (!current) throw new PipelineNotFoundError();
      const deals = await this.pipelines.countDeals(key);
      if (deals > 0) throw new PipelineHasDealsError(deals);
      await this.pipelines.delete(key);
      const rest = (await this.pipelines.list(true)).map((p) => p.key);
      await this.pipelines.reorder(rest);
    });
  }
}
