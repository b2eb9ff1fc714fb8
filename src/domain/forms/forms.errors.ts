import { AppError } from '../shared/app-error';
import { RecordNotFoundError } from '../crm/crm.errors';

/** An unknown slug, or a form turned off: the same answer. */
export class FormNotFoundError extends RecordNotFoundError {
  constructor() {
    super('FORM.NOT_FOUND', 'Form');
  }
}

export class FormLimitError extends AppError {
  constructor(max: number) {
    super('FORM.LIMIT_REACHED', `There are at most ${max} forms: delete one first`);
  }
}

export class FormSlugTakenError extends AppError {
  constructor() {
    super('FORM.SLUG_TAKEN', 'Another form has this address (slug)', [
      { path: 'slug', message: 'slug is taken by another form' },
    ]);
  }
}

/** Sent sooner after the form was shown than a person can fill it. */
export class FormTooFastError extends AppError {
  constructor() {
    super('FORM.TOO_FAST', 'The form was sent too soon after it was shown: wait a moment and send it again');
  }
}

/** Posted from a page of a site the form does not list. */
export class FormOriginError extends AppError {
  constructor() {
    super('FORM.ORIGIN_NOT_ALLOWED', 'This form cannot be sent from this site');
  }
}
