import { AppError } from './app-error';

/** The row changed since the client read it: nothing was written; the current row comes back. */
export class ConflictError extends AppError {
  constructor(current: unknown) {
    super('RESOURCE.CONFLICT', 'This record was changed by someone else; review the current version and try again', {
      current,
    });
  }
}
