import { AppError } from '../shared/app-error';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';

export class CustomFieldNotFoundError extends RecordNotFoundError {
  constructor() {
    super('FIELD.NOT_FOUND', 'Field');
  }
}

export class CustomFieldKeyTakenError extends FieldError {
  constructor() {
    super('key', 'A field with this key already exists on this kind of record', 'FIELD.KEY_TAKEN');
  }
}

export class CustomFieldLimitError extends AppError {
  constructor(max: number) {
    super('FIELD.LIMIT_REACHED', `A kind of record has at most ${max} fields (retired ones included)`);
  }
}
