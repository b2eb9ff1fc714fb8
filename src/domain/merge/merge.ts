import { FieldError } from '../crm/crm.errors';
import type { FieldChange } from '../timeline/timeline';

/** The records that can be found twice and merged. */
export const MERGE_KINDS = ['contact', 'company'] as const;
export type MergeKind = (typeof MERGE_KINDS)[number];

/** At most this many records merged into the kept one in one request (one transaction). */
export const MERGE_MAX = 10;

/**
 * Merge `mergeIds` into `keepId`: `fields` names, field by field, the record whose value the kept one takes (a field
 * left out keeps the kept record's value, or the first merged record's when the kept one has none).
 */
export interface MergeRequest {
  keepId: number;
  mergeIds: number[];
  fields: Record<string, number>;
}

/** What a merge writes on the kept record, and what its timeline entry says was replaced. */
export interface MergePlan<T> {
  values: Partial<T>;
  changes: FieldChange[];
}

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && Object.keys(value).length === 0);

/** The request's own mistakes (400 naming the field), before any record is read. */
export function checkMergeRequest(request: MergeRequest, fields: readonly string[]): void {
  const { keepId, mergeIds } = request;
  if (mergeIds.length === 0) throw new FieldError('mergeIds', 'Name at least one record to merge into the kept one');
  if (mergeIds.length > MERGE_MAX) throw new FieldError('mergeIds', `At most ${MERGE_MAX} records at once`);
  if (mergeIds.includes(keepId)) throw new FieldError('mergeIds', 'A record cannot be merged with itself');
  if (new Set(mergeIds).size !== mergeIds.length) throw new FieldError('mergeIds', 'Each record once');
  const ids = new Set([keepId, ...mergeIds]);
  for (const [field, from] of Object.entries(request.fields)) {
    if (!fields.includes(field)) throw new FieldError(`fields.${field}`, `"${field}" is not a field that is merged`);
    if (!ids.has(from)) throw new FieldError(`fields.${field}`, 'Choose the kept record or one of the merged ones');
  }
}

/**
 * The kept record's new values: each field from the record chosen for it, else the kept record's own, else the first
 * merged record (in `mergeIds` order) that has one, so a merge never loses a value nobody chose against. `unions`
 * (tags) take every record's values, the kept record's first; `objects` (custom fields) take every key, the chosen
 * record's (or the kept one's) winning.
 */
export function planMerge<T extends { id: number }>(
  keep: T,
  merged: T[],
  request: Pick<MergeRequest, 'fields'>,
  options: {
    fields: readonly (keyof T & string)[];
    unions?: readonly (keyof T & string)[];
    objects?: readonly (keyof T & string)[];
  },
): MergePlan<T> {
  const byId = new Map([keep, ...merged].map((record) => [record.id, record]));
  const values: Partial<T> = {};
  const changes: FieldChange[] = [];
  for (const field of options.fields) {
    const chosen = request.fields[field];
    let value: unknown;
    if (options.unions?.includes(field) && chosen === undefined) {
      value = [...new Set([keep, ...merged].flatMap((record) => (record[field] as unknown[] | null) ?? []))];
    } else if (options.objects?.includes(field)) {
      const winner = byId.get(chosen ?? keep.id)!;
      value = Object.assign({}, ...[...merged].reverse().map((r) => r[field]), keep[field], winner[field]);
    } else if (chosen !== undefined) {
      value = byId.get(chosen)![field];
    } else {
      value = isEmpty(keep[field])
        ? (merged.find((record) => !isEmpty(record[field]))?.[field] ?? keep[field])
        : keep[field];
    }
    if (JSON.stringify(value ?? null) !== JSON.stringify(keep[field] ?? null)) {
      values[field] = value as T[typeof field];
      changes.push({ field, oldValue: keep[field] ?? null, newValue: value ?? null });
    }
  }
  return { values, changes };
}
