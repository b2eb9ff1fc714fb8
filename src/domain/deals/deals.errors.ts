import { AppError } from '../shared/app-error';
import { FieldError } from '../crm/crm.errors';

export class InvalidStageError extends FieldError {
  constructor(path: 'stage' | 'pipeline', pipeline: string) {
    super(
      path,
      path === 'stage' ? `stage is not a stage of pipeline "${pipeline}"` : `pipeline "${pipeline}" has no stages`,
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
