import { AppError } from '../shared/app-error';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';

export class InvalidStageError extends FieldError {
  constructor(path: 'stage' | 'pipeline', pipeline: string) {
    super(
      path,
      path === 'stage' ? `stage is not a stage of pipeline "${pipeline}"` : `pipeline "${pipeline}" is not a pipeline`,
      'DEAL.INVALID_STAGE',
    );
  }
}

export class LostReasonRequiredError extends FieldError {
  constructor() {
    super('lostReason', 'lostReason is required to move a deal into a lost stage', 'DEAL.LOST_REASON_REQUIRED');
  }
}

export class StageInUseError extends AppError {
  constructor(deals: number) {
    super('STAGE.IN_USE', `This stage still holds ${deals} deal(s); move them first`, { deals });
  }
}

export class StageLimitError extends AppError {
  constructor(max: number) {
    super('STAGE.LIMIT_REACHED', `A pipeline has at most ${max} stages`);
  }
}

/** The board's pipeline must keep a stage of each kind, or deals could no longer be won or lost (or opened). */
export class LastStageOfKindError extends AppError {
  constructor(kind: string) {
    super('STAGE.LAST_OF_KIND', `The pipeline must keep at least one ${kind} stage`, { kind });
  }
}

export class StageNameTakenError extends FieldError {
  constructor() {
    super('stage', 'The pipeline already has a stage with this name', 'STAGE.NAME_TAKEN');
  }
}

export class LostReasonNameTakenError extends FieldError {
  constructor() {
    super('label', 'A lost reason with this name already exists', 'LOST_REASON.NAME_TAKEN');
  }
}

export class LastActiveLostReasonError extends AppError {
  constructor() {
    super('LOST_REASON.LAST_ACTIVE', 'At least one lost reason must stay offered, or no deal could be lost');
  }
}

export class LostReasonLimitError extends AppError {
  constructor(max: number) {
    super('LOST_REASON.LIMIT_REACHED', `There are at most ${max} lost reasons (retired ones included)`);
  }
}

export class PipelineKeyTakenError extends FieldError {
  constructor() {
    super('key', 'A pipeline with this key already exists', 'PIPELINE.KEY_TAKEN');
  }
}

export class PipelineNameTakenError extends FieldError {
  constructor() {
    super('name', 'A pipeline with this name already exists', 'PIPELINE.NAME_TAKEN');
  }
}

export class PipelineLimitError extends AppError {
  constructor(max: number) {
    super('PIPELINE.LIMIT_REACHED', `There are at most ${max} pipelines (archived ones included)`);
  }
}

/** A pipeline's deals hold it: they are moved to another pipeline (or deleted) first. */
export class PipelineHasDealsError extends AppError {
  constructor(deals: number) {
    super('PIPELINE.HAS_DEALS', `This pipeline still holds ${deals} deal(s); move them to another pipeline first`, {
      deals,
    });
  }
}

/** New deals without a pipeline go to the default one: it is neither archived nor deleted. */
export class DefaultPipelineError extends AppError {
  constructor() {
    super('PIPELINE.DEFAULT', 'The default pipeline cannot be archived or deleted: new deals go there');
  }
}

/** No deal enters an archived pipeline (those it holds stay). */
export class PipelineArchivedError extends FieldError {
  constructor(pipeline: string) {
    super('pipeline', `pipeline "${pipeline}" is archived`, 'PIPELINE.ARCHIVED');
  }
}

export class PipelineNotFoundError extends RecordNotFoundError {
  constructor() {
    super('PIPELINE.NOT_FOUND', 'Pipeline');
  }
}
