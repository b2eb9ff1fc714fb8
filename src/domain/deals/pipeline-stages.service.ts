import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import { inject, injectable } from 'inversify';
import type { Viewer } from '../shared/viewer';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import { ConflictError } from '../shared/conflict.error';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import { timelineEntry, authorOf } from '../timeline/timeline';
import {
  MAX_STAGES_PER_PIPELINE,
  type PipelineStage,
  type StageFields,
  type StageSummary,
  type SummaryFilter,
} from './deal';
import { PipelineNotFoundError, StageInUseError, StageLimitError, StageNameTakenError } from './deals.errors';
import type { PipelineRepository, PipelineStageRepository } from './deals.ports';
import { PIPELINE_REPOSITORY, PIPELINE_STAGE_REPOSITORY } from './deals.tokens';
import { checkStageShape } from './pipeline';

/** The stages of a pipeline; every write is an admin's (the router enforces the permission table). */
@injectable()
export class PipelineStagesService {
  constructor(
    @inject(PIPELINE_STAGE_REPOSITORY) private readonly stages: PipelineStageRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
    @inject(PIPELINE_REPOSITORY) private readonly pipelines: PipelineRepository,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'match'>,
  ) {}

  list(pipeline: string): Promise<PipelineStage[]> {
    return this.stages.list(pipeline);
  }

  /** Column totals over every deal matching the board's filters, not over the cards a client loaded. */
  async summary(pipeline: string, filter: SummaryFilter = {}): Promise<StageSummary[]> {
    // The list's custom field filters alike, so a filter narrows the cards and their column totals together.
    const customFieldMatch = await this.customFields.match('deal', filter.customFields);
    return this.stages.summary(pipeline, { ...filter, customFields: undefined, customFieldMatch });
  }

  /** A stage at the end of an existing pipeline (404 PIPELINE.NOT_FOUND for another key). */
  create(pipeline: string, fields: StageFields): Promise<PipelineStage> {
    return this.uow.run(async () => {
      if (!(await this.pipelines.find(pipeline))) throw new PipelineNotFoundError();
      if ((await this.stages.list(pipeline)).length >= MAX_STAGES_PER_PIPELINE)
        throw new StageLimitError(MAX_STAGES_PER_PIPELINE);
      if (await this.stages.nameTaken(pipeline, fields.stage)) throw new StageNameTakenError();
      return this.stages.create(pipeline, fields);
    });
  }

  /**
   * A rename moves the stage's deals with it in the same statement (the deals' foreign key cascades);
   * their history keeps the name they had then. A kind changes only on an empty stage, since its deals'
   * close date and lost reason follow from it. A new probability carries the deals not set by hand along.
   */
  update(
    pipeline: string,
    id: number,
    changes: Partial<StageFields>,
    expectedUpdatedAt?: Date,
  ): Promise<PipelineStage> {
    return this.uow.run(async () => {
      const current = await this.find(pipeline, id);
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
        throw new ConflictError(current);
      if (changes.stage !== undefined && (await this.stages.nameTaken(pipeline, changes.stage, id)))
        throw new StageNameTakenError();
      if (changes.kind !== undefined && changes.kind !== current.kind) {
        const deals = await this.stages.countDeals(current);
        if (deals > 0) throw new StageInUseError(deals);
        const after = (await this.stages.list(pipeline)).map((s) => (s.id === id ? { ...s, kind: changes.kind! } : s));
        checkStageShape(after, 'kind');
      }
      const updated = await this.stages.update(id, changes);
      // A deal's probability is its stage's unless set by hand: those follow the stage's new one.
      if (updated.probability !== current.probability) await this.stages.followProbability(updated);
      return updated;
    });
  }

  /**
   * Refused while deals sit in the stage, unless `moveTo` names a stage of the same kind to move them to
   * first (after its last card, with a timeline entry each); the move and the delete are one transaction.
   */
  remove(viewer: Viewer, pipeline: string, id: number, moveTo?: string): Promise<void> {
    return this.uow.run(async () => {
      const stage = await this.find(pipeline, id);
      checkStageShape(
        (await this.stages.list(pipeline)).filter((s) => s.id !== id),
        'stageIds',
      );
      const deals = await this.stages.countDeals(stage);
      if (deals > 0) {
        if (moveTo === undefined) throw new StageInUseError(deals);
        const target = await this.stages.findByName(pipeline, moveTo);
        if (!target || target.id === id)
          throw new FieldError('moveTo', 'moveTo must name another stage of the pipeline');
        if (target.kind !== stage.kind)
          throw new FieldError('moveTo', `moveTo must be a ${stage.kind} stage, like the stage deleted`);
        const moved = await this.stages.moveDeals(stage, target);
        await this.timeline.record(
          moved.map((deal) =>
            timelineEntry(
              {
                entityType: 'deal',
                entityId: deal.id,
                entityName: deal.title,
                contactId: deal.contactId,
                visibleTo: null,
              },
              'updated',
              authorOf(viewer),
              [{ field: 'stage', oldValue: stage.stage, newValue: target.stage }],
            ),
          ),
        );
      }
      await this.stages.delete(id);
    });
  }

  /** `ids` must list every stage of the pipeline exactly once. */
  reorder(pipeline: string, ids: number[]): Promise<PipelineStage[]> {
    return this.uow.run(async () => {
      const current = await this.stages.list(pipeline);
      const byId = new Map(current.map((s) => [s.id, s]));
      if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) {
        throw new FieldError('stageIds', 'stageIds must list every stage of the pipeline exactly once');
      }
      checkStageShape(
        ids.map((id) => byId.get(id)!),
        'stageIds',
      );
      await this.stages.reorder(ids);
      return this.stages.list(pipeline);
    });
  }

  private async find(pipeline: string, id: number): Promise<PipelineStage> {
    const stage = await this.stages.findById(pipeline, id, { forUpdate: true });
    if (!stage) throw new RecordNotFoundError('STAGE.NOT_FOUND', 'Stage');
    return stage;
  }
}
