import { AppError } from '../../domain/shared/app-error';
import { FieldError } from '../../domain/crm/crm.errors';

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
 * Bad input that only the database catches (a reference to a missing contact or user, a check) is the
 * client's mistake: a 400 naming the field, never a 500. Anything else passes through unchanged.
 */
export function translateDbError(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  // objection wraps the driver's error; its code and constraint are on the original.
  const pg = ((error as { nativeError?: PgError }).nativeError ?? error) as PgError;
  const field = fieldOf(pg);
  switch (pg.code) {
    case '23503':
      return new FieldError(field, `${field} refers to a record that does not exist`);
    case '23514':
    case '23502':
      return new FieldError(field, `${field} is not an allowed value`);
    case '23505':
      if (pg.constraint === 'pipeline_stages_pipeline_stage_unique' || pg.constraint === 'pipeline_stages_stage_ci_unique') {
        return new FieldError('stage', 'The pipeline already has a stage with this name', 'STAGE.NAME_TAKEN');
      }
      return new FieldError(field, `${field} is already in use`);
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      return new FieldError(field, `${field} is out of range or malformed`);
    default:
      return error;
  }
}
