import { AppError } from '../../domain/shared/app-error';
import { FieldError } from '../../domain/crm/crm.errors';
import { RetryLaterError } from '../../domain/shared/retry-later.error';
import type { StorageErrors } from '../../domain/shared/storage-errors.port';
import { isDatabaseUnavailable } from './db-unavailable';

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

// Constraints whose field is not the one their name suggests.
const CONSTRAINT_FIELDS: Record<string, string> = {
  deals_stage_fk: 'stage',
  activities_completed_check: 'status',
  pipeline_stages_order_unique: 'order',
  pipeline_stages_pipeline_stage_unique: 'stage',
  pipeline_stages_stage_ci_unique: 'stage',
  lost_reasons_label_ci_unique: 'label',
};

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The request field a constraint guards: `deals_owner_id_foreign` -> ownerId, `deals_value_check` -> value. */
function fieldOf(error: PgError): string {
  if (error.constraint && CONSTRAINT_FIELDS[error.constraint]) return CONSTRAINT_FIELDS[error.constraint];
  if (error.column) return camel(error.column);
  if (error.constraint && error.table && error.constraint.startsWith(`${error.table}_`)) {
    return camel(error.constraint.slice(error.table.length + 1).replace(/_(foreign|check|unique|fk)$/, ''));
  }
  return 'body';
}

/**
 * Bad input that only the database catches (a reference to a missing contact or user, a check, a character
 * it cannot store) is the client's mistake: a 400 naming the field, never a 500, never the database's
 * message (it quotes SQL and values). Anything else passes through unchanged.
 */
export function translateDbError(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  // objection wraps the driver's error; its code and constraint are on the original.
  const pg = ((error as { nativeError?: PgError }).nativeError ?? error) as PgError;
  const field = fieldOf(pg);
  const unavailable = unavailableError(error);
  if (unavailable) return unavailable;
  switch (pg.code) {
    case '23503':
      return new FieldError(field, `${field} refers to a record that does not exist`);
    case '23514':
    case '23502':
      return new FieldError(field, `${field} is not an allowed value`);
    case '23505':
      if (
        pg.constraint === 'pipeline_stages_pipeline_stage_unique' ||
        pg.constraint === 'pipeline_stages_stage_ci_unique'
      ) {
        return new FieldError('stage', 'The pipeline already has a stage with this name', 'STAGE.NAME_TAKEN');
      }
      if (pg.constraint === 'companies_cnpj_unique')
        return new FieldError('cnpj', 'Another company already has this CNPJ', 'COMPANY.CNPJ_TAKEN');
      return new FieldError(field, `${field} is already in use`);
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      return new FieldError(field, `${field} is out of range or malformed`);
    case '22021': // invalid byte sequence (a NUL, a lone surrogate)
    case '22P05': // untranslatable character (\u0000 in jsonb)
      return new FieldError(field, `${field} holds characters that cannot be stored`);
    case '54000': // program limit exceeded
    case '54001': // statement too complex (stack depth: JSON nested too deep)
    case '54011':
    case '54023':
      return new FieldError(field, `${field} is too large or nested too deep`);
    default:
      // Any other data exception (class 22: too long, bad escape, bad regular expression...) is the input's fault too.
      return typeof pg.code === 'string' && pg.code.startsWith('22')
        ? new FieldError(field, `${field} is not a value that can be stored`)
        : error;
  }
}

/**
 * The database refusing for now, never the client's fault nor a bug: a statement cancelled at the statement
 * timeout (57014) or no connection free in time (the pool's acquire timeout, the server's connection limit)
 * answer 503 with Retry-After, not 500.
 */
export function unavailableError(error: unknown): RetryLaterError | null {
  if (typeof error !== 'object' || error === null) return null;
  const native = ((error as { nativeError?: PgError & Error }).nativeError ?? error) as PgError & Error;
  if (native.code === '57014') {
    return new RetryLaterError(
      'SERVICE.TIMEOUT',
      'The request took too long and was stopped; try again, or narrow the search',
      2,
    );
  }
  if (native.name === 'KnexTimeoutError' || (error as Error).name === 'KnexTimeoutError' || native.code === '53300') {
    return new RetryLaterError('SERVICE.BUSY', 'The server is busy; try again in a moment', 1);
  }
  if (isDatabaseUnavailable(error)) {
    return new RetryLaterError('SERVICE.UNAVAILABLE', 'The database is briefly unavailable; try again shortly', 2);
  }
  return null;
}

/** PostgreSQL's (and PGlite's) errors read in domain terms: what the HTTP edge is given. */
export const postgresErrors: StorageErrors = { translate: translateDbError, unavailable: unavailableError };
