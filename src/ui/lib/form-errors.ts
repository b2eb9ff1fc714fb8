import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

// What a form does with a failed call, as pure functions (the Form primitive applies them).

export interface FieldErrorsFromServer {
  /** [field name, message] for the fields the form shows, in the server's order. */
  fields: [string, string][];
  /** Messages about anything else: fields the form does not show, query and path parameters. */
  form: string[];
}

const PARAMETER_PREFIX = /^(query|params)\./;

/** The shown field a server path belongs to: `tags.0` is the `tags.0` field, else the `tags` field. */
function shownField(path: string, shown: ReadonlySet<string>): string | undefined {
  if (PARAMETER_PREFIX.test(path)) return undefined;
  for (let parts = path.split('.'); parts.length > 0; parts = parts.slice(0, -1)) {
    const name = parts.join('.');
    if (shown.has(name)) return name;
  }
  return undefined;
}

function detailMessage(code: string, detail: { message: string; type?: string }, t: TFunction): string {
  // A domain error naming its field (wrong current password, username taken) has a translated code;
  // request validation speaks joi, whose "required" and "not an email" are the cases the client words itself.
  if (code !== 'REQUEST.VALIDATION_FAILED') return t(`errors.${code}`, { defaultValue: detail.message });
  if (detail.type === 'any.required' || detail.type === 'string.empty') return t('validation.required');
  if (detail.type === 'string.email') return t('validation.email', { defaultValue: detail.message });
  return detail.message;
}

/**
 * The server's `details[]` of a failed call placed on the form: each path on the field it names when the
 * form shows that field, the rest as form-level messages. Null when the error names no field (a toast's
 * business).
 */
export function fieldErrorsFromServer(
  error: unknown,
  shown: ReadonlySet<string>,
  t: TFunction,
): FieldErrorsFromServer | null {
  const server = error instanceof ApiError ? error.server : null;
  if (!server || !Array.isArray(server.details) || server.details.length === 0) return null;
  const result: FieldErrorsFromServer = { fields: [], form: [] };
  for (const detail of server.details) {
    const message = detailMessage(server.code, detail, t);
    const field = shownField(detail.path, shown);
    if (!field) result.form.push(message);
    else if (!result.fields.some(([name]) => name === field)) result.fields.push([field, message]);
  }
  return result;
}

type Values = Record<string, unknown>;

/** The record as it is now, when the call failed because someone else changed it (409 RESOURCE.CONFLICT). */
export function conflictingRecord(error: unknown): Values | null {
  const server = error instanceof ApiError ? error.server : null;
  if (server?.code !== 'RESOURCE.CONFLICT') return null;
  const current = (server.details as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' ? (current as Values) : null;
}

/** "Reload": the form's values replaced by the current record's, field by field (null text becomes ''). */
export function takeTheirs<V extends Values>(mine: V, current: Values): V {
  const entries = Object.entries(mine).map(([name, value]) => {
    if (!(name in current)) return [name, value];
    return [name, current[name] ?? (typeof value === 'string' ? '' : null)];
  });
  return Object.fromEntries(entries) as V;
}

/** "Overwrite": what was sent, again, with the version read now, so the server accepts it this time. */
export function keepMine<V extends Values>(submitted: V, current: Values): V {
  return 'updatedAt' in submitted && 'updatedAt' in current
    ? { ...submitted, updatedAt: current.updatedAt }
    : submitted;
}

export interface ConflictingField {
  name: string;
  mine: unknown;
  theirs: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/** The shown fields whose current value differs from what was sent, in the order the form shows them. */
export function conflictingFields(submitted: Values, current: Values, shown: readonly string[]): ConflictingField[] {
  return shown
    .filter((name) => name in current && !same(submitted[name], current[name]))
    .map((name) => ({ name, mine: submitted[name], theirs: current[name] }));
}
