import { AppError } from '../shared/app-error';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';

/** Someone else's view that is not shared answers the same as one that does not exist. */
export class SavedViewNotFoundError extends RecordNotFoundError {
  constructor() {
    super('VIEW.NOT_FOUND', 'View');
  }
}

export class SavedViewReadOnlyError extends AppError {
  constructor() {
    super('VIEW.READ_ONLY', 'Only its author (or an admin, for a shared view) can change or delete this view');
  }
}

export class SavedViewNameTakenError extends FieldError {
  constructor() {
    super('name', 'You already have a view of this list with this name', 'VIEW.NAME_TAKEN');
  }
}

export class SavedViewLimitError extends AppError {
  constructor(max: number) {
    super('VIEW.LIMIT_REACHED', `A person has at most ${max} views of a list`);
  }
}
