import { AppError } from '../shared/app-error';
import { FieldError } from '../crm/crm.errors';

export class InvalidStageError extends FieldError {
  constructor(path: 'stage' | 'pipeline', pipeline: string) {
    super(path, path === 'stage' ? `stage is not a stage of pipeline "${pipeline}"` : `pipeline "${pipeline}" has no stages`, 'DEAL.INVALID_STAGE');
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
