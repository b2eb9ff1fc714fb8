import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, type ErrorCode } from '../domain/shared/app-error';
import { RetryLaterError } from '../domain/shared/retry-later.error';
import type { StorageErrors } from '../domain/shared/storage-errors.port';
import { TooManyAttemptsError } from '../domain/users/users.errors';

/** The one code -> status table. `satisfies Record<ErrorCode, ...>` makes a missing code a compile error. */
export const ERROR_STATUS = {
  'REQUEST.VALIDATION_FAILED': 400,
  'REQUEST.MALFORMED_JSON': 400,
  'REQUEST.TOO_LARGE': 413,
  'REQUEST.CROSS_SITE': 403,
  'REQUEST.UNSUPPORTED_MEDIA_TYPE': 415,
  // Misdirected Request: this server does not answer to the Host named (DNS rebinding, a wrong proxy name).
  'REQUEST.HOST_NOT_ALLOWED': 421,
  'ROUTE.NOT_FOUND': 404,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.INVALID_CREDENTIALS': 401,
  'AUTH.FORBIDDEN': 403,
  'AUTH.ROLE_NOT_ALLOWED': 403,
  'AUTH.ACCOUNT_DISABLED': 403,
  'AUTH.TOO_MANY_ATTEMPTS': 429,
  'AUTH.WRONG_PASSWORD': 400,
  'AUTH.PASSWORD_CHANGE_REQUIRED': 403,
  'AUTH.PASSWORD_UNCHANGED': 400,
  'USER.USERNAME_TAKEN': 409,
  'USER.NOT_FOUND': 404,
  'USER.LAST_ADMIN': 409,
  'SESSION.NOT_FOUND': 404,
  'SERVICE.UNAVAILABLE': 503,
  'SERVICE.BUSY': 503,
  'SERVICE.TIMEOUT': 503,
  'REQUEST.TOO_MANY_AT_ONCE': 429,
  'RESOURCE.CONFLICT': 409,
  'CONTACT.NOT_FOUND': 404,
  'COMPANY.NOT_FOUND': 404,
  'COMPANY.CNPJ_TAKEN': 409,
  'DEAL.NOT_FOUND': 404,
  'DEAL.INVALID_STAGE': 400,
  'DEAL.LOST_REASON_REQUIRED': 400,
  'STAGE.NOT_FOUND': 404,
  'STAGE.IN_USE': 409,
  'STAGE.NAME_TAKEN': 409,
  'STAGE.LIMIT_REACHED': 409,
  'STAGE.LAST_OF_KIND': 409,
  'PIPELINE.NOT_FOUND': 404,
  'PIPELINE.KEY_TAKEN': 409,
  'FIELD.NOT_FOUND': 404,
  'FIELD.KEY_TAKEN': 409,
  'FIELD.LIMIT_REACHED': 409,
  'PIPELINE.NAME_TAKEN': 409,
  'PIPELINE.LIMIT_REACHED': 409,
  'PIPELINE.HAS_DEALS': 409,
  'PIPELINE.DEFAULT': 409,
  'PIPELINE.ARCHIVED': 400,
  'LOST_REASON.NOT_FOUND': 404,
  'LOST_REASON.NAME_TAKEN': 409,
  'LOST_REASON.LAST_ACTIVE': 409,
  'LOST_REASON.LIMIT_REACHED': 409,
  'ACTIVITY.NOT_FOUND': 404,
  'NOTE.NOT_FOUND': 404,
  'TEMPLATE.NOT_FOUND': 404,
  'TEMPLATE.UNKNOWN_VARIABLE': 400,
  'TEMPLATE.INACTIVE': 409,
  'TEMPLATE.NO_RECIPIENT': 400,
  'TEMPLATE.MISSING_VALUES': 400,
  'IMPORT.NOT_FOUND': 404,
  'IMPORT.NOT_FINISHED': 409,
  'IMPORT.ALREADY_UNDONE': 409,
  'IMPORT.CHANGED_SINCE': 409,
  'NOTIFICATION.NOT_FOUND': 404,
  'REPORT.UNSUPPORTED_COMBINATION': 400,
  'SAVED_REPORT.NOT_FOUND': 404,
  'SAVED_REPORT.READ_ONLY': 403,
  'VIEW.NOT_FOUND': 404,
  'API_KEY.NOT_FOUND': 404,
  'API_KEY.LIMIT_REACHED': 409,
  'WEBHOOK.NOT_FOUND': 404,
  'WEBHOOK_DELIVERY.NOT_FOUND': 404,
  'WEBHOOK.LIMIT_REACHED': 409,
  'FORM.NOT_FOUND': 404,
  'FORM.LIMIT_REACHED': 409,
  'FORM.SLUG_TAKEN': 409,
  'PRIVACY.REQUEST_NOT_FOUND': 404,
  'PRIVACY.ALREADY_ANONYMIZED': 409,
  'PRIVACY.CONSENT_REVOKED': 409,
  'FORM.TOO_FAST': 400,
  'FORM.ORIGIN_NOT_ALLOWED': 403,
  'AUTH.SCOPE': 403,
  'REQUEST.RATE_LIMITED': 429,
  'VIEW.READ_ONLY': 403,
  'VIEW.NAME_TAKEN': 409,
  'VIEW.LIMIT_REACHED': 409,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export function errorBody(error: AppError): ErrorBody {
  return {
    error: { code: error.code, message: error.message, ...(error.details !== undefined && { details: error.details }) },
  };
}

/** Turns body-parser's failures into the error shape with their own codes. */
function fromParserError(error: { type?: string; status?: number; body?: unknown }): AppError | null {
  switch (error.type) {
    case 'entity.parse.failed':
      // The parser refuses a body that is JSON but not an object or array ("text", 1, null) as it refuses broken JSON.
      return new AppError(
        'REQUEST.MALFORMED_JSON',
        isJsonText(error.body) ? 'The request body must be a JSON object' : 'The request body is not valid JSON',
      );
    case 'entity.too.large':
      return new AppError('REQUEST.TOO_LARGE', 'The request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Unsupported request encoding');
    default:
      return null;
  }
}

function isJsonText(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('ROUTE.NOT_FOUND', `No route for ${req.method} ${req.path}`));
};

/**
 * Every failure leaves as the error shape; what failed goes to the log only (its type, message and database code; its
 * stack at LOG_LEVEL debug: infrastructure/logger.ts).
 */
export function errorHandler(logger: Logger, storageErrors: StorageErrors): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof AppError ? err : (fromParserError(err ?? {}) ?? storageErrors.unavailable(err));
    const error = known ?? new AppError('INTERNAL', 'Something went wrong on our side; the error was logged');
    const status = ERROR_STATUS[error.code];
    const log = req.log ?? logger.child({ req: { id: req.id, method: req.method, url: req.originalUrl } });
    if (!known) log.error({ err }, 'unhandled error');
    else if (status >= 500) log.warn({ code: error.code }, error.message);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof TooManyAttemptsError || error instanceof RetryLaterError)
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(status).json(errorBody(error));
  };
}
