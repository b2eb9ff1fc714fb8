import { AppError, type ErrorCode } from '../shared/app-error';

/** 404 for a record that does not exist or that the viewer may not see (never telling which). */
export class RecordNotFoundError extends AppError {
  constructor(code: ErrorCode & `${string}.NOT_FOUND`, what: string) {
    super(code, `${what} not found`);
  }
}

/** A 400 naming one field, in the same shape as request validation failures. */
export class FieldError extends AppError {
  constructor(path: string, message: string, code: ErrorCode = 'REQUEST.VALIDATION_FAILED') {
    super(code, message, [{ path, message }]);
  }
}
