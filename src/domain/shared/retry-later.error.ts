import { AppError, type ErrorCode } from './app-error';

/** A refusal that passes: the answer carries `Retry-After` (503 busy or timed out, 429 too many at once). */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}
