/**
 * Every error code the API can answer with. Each module appends its own; `http/errors.ts` maps each one
 * to a status in a table the compiler checks for completeness, and the UI translates each one.
 */
export const ERROR_CODES = [
  'REQUEST.VALIDATION_FAILED',
  'REQUEST.MALFORMED_JSON',
  'REQUEST.TOO_LARGE',
  'REQUEST.CROSS_SITE',
  'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  'REQUEST.HOST_NOT_ALLOWED',
  'ROUTE.NOT_FOUND',
  'AUTH.UNAUTHENTICATED',
  'AUTH.INVALID_CREDENTIALS',
  'AUTH.FORBIDDEN',
  'AUTH.ROLE_NOT_ALLOWED',
  'AUTH.ACCOUNT_DISABLED',
  'AUTH.TOO_MANY_ATTEMPTS',
  'AUTH.WRONG_PASSWORD',
  'AUTH.PASSWORD_CHANGE_REQUIRED',
  'AUTH.PASSWORD_UNCHANGED',
  'USER.USERNAME_TAKEN',
  'USER.NOT_FOUND',
  'USER.LAST_ADMIN',
  'SESSION.NOT_FOUND',
  'SERVICE.UNAVAILABLE',
  'SERVICE.BUSY',
  'SERVICE.TIMEOUT',
  'REQUEST.TOO_MANY_AT_ONCE',
  'RESOURCE.CONFLICT',
  'CONTACT.NOT_FOUND',
  'COMPANY.NOT_FOUND',
  'COMPANY.CNPJ_TAKEN',
  'DEAL.NOT_FOUND',
  'DEAL.INVALID_STAGE',
  'DEAL.LOST_REASON_REQUIRED',
  'STAGE.NOT_FOUND',
  'STAGE.IN_USE',
  'STAGE.NAME_TAKEN',
  'STAGE.LIMIT_REACHED',
  'STAGE.LAST_OF_KIND',
  'PIPELINE.NOT_FOUND',
  'PIPELINE.KEY_TAKEN',
  'PIPELINE.NAME_TAKEN',
  'PIPELINE.LIMIT_REACHED',
  'PIPELINE.HAS_DEALS',
  'PIPELINE.DEFAULT',
  'PIPELINE.ARCHIVED',
  'LOST_REASON.NOT_FOUND',
  'LOST_REASON.NAME_TAKEN',
  'LOST_REASON.LAST_ACTIVE',
  'LOST_REASON.LIMIT_REACHED',
  'ACTIVITY.NOT_FOUND',
  'NOTE.NOT_FOUND',
  'TEMPLATE.NOT_FOUND',
  'TEMPLATE.UNKNOWN_VARIABLE',
  'TEMPLATE.INACTIVE',
  'TEMPLATE.NO_RECIPIENT',
  'TEMPLATE.MISSING_VALUES',
  'IMPORT.NOT_FOUND',
  'IMPORT.NOT_FINISHED',
  'IMPORT.ALREADY_UNDONE',
  'IMPORT.CHANGED_SINCE',
  'NOTIFICATION.NOT_FOUND',
  'REPORT.UNSUPPORTED_COMBINATION',
  'SAVED_REPORT.NOT_FOUND',
  'SAVED_REPORT.READ_ONLY',
  'FIELD.NOT_FOUND',
  'FIELD.KEY_TAKEN',
  'FIELD.LIMIT_REACHED',
  'VIEW.NOT_FOUND',
  'VIEW.READ_ONLY',
  'VIEW.NAME_TAKEN',
  'VIEW.LIMIT_REACHED',
  'API_KEY.NOT_FOUND',
  'API_KEY.LIMIT_REACHED',
  'AUTH.SCOPE',
  'REQUEST.RATE_LIMITED',
  'WEBHOOK.NOT_FOUND',
  'WEBHOOK_DELIVERY.NOT_FOUND',
  'WEBHOOK.LIMIT_REACHED',
  'FORM.NOT_FOUND',
  'FORM.LIMIT_REACHED',
  'FORM.SLUG_TAKEN',
  'PRIVACY.REQUEST_NOT_FOUND',
  'PRIVACY.ALREADY_ANONYMIZED',
  'PRIVACY.CONSENT_REVOKED',
  'FORM.TOO_FAST',
  'FORM.ORIGIN_NOT_ALLOWED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  path: string;
  message: string;
  type?: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[] | Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(details: ErrorDetail[], message = 'The request has invalid fields') {
    super('REQUEST.VALIDATION_FAILED', message, details);
  }
}

export class NotFoundError extends AppError {}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super('AUTH.FORBIDDEN', message);
  }
}
