import type { ApiBody } from '../../lib/api-client';

/** Contacts' or companies' duplicates: the path segment the API uses for each. */
export type DuplicateKind = 'contacts' | 'companies';
export const DUPLICATE_KINDS: readonly DuplicateKind[] = ['contacts', 'companies'];

/** Every key of `fields` in a merge request but tags (joined, never chosen), the compiler holding both to the API. */
type ChosenFields<P extends '/api/crm/contacts/merge' | '/api/crm/companies/merge'> = Exclude<
  keyof NonNullable<ApiBody<P, 'post'>['fields']>,
  'tags' | 'customFields'
>;
const fieldsInOrder = <F extends string>(order: Record<F, true>): F[] => Object.keys(order) as F[];

/** The fields the merge dialog offers a choice for, in the order it shows them. */
export const MERGE_FIELDS = {
  contacts: fieldsInOrder<ChosenFields<'/api/crm/contacts/merge'>>({
    name: true,
    email: true,
    phone: true,
    companyId: true,
    position: true,
    source: true,
    status: true,
    score: true,
    notes: true,
    ownerId: true,
  }),
  companies: fieldsInOrder<ChosenFields<'/api/crm/companies/merge'>>({
    name: true,
    cnpj: true,
    tradeName: true,
    segment: true,
    size: true,
    website: true,
    emailDomain: true,
    phone: true,
    cep: true,
    street: true,
    number: true,
    city: true,
    uf: true,
    notes: true,
    ownerId: true,
  }),
} satisfies Record<DuplicateKind, readonly string[]>;

/** A record as the dialog compares it: its id and its fields' values. */
export type MergeRecord = { id: number; createdAt: string } & Record<string, unknown>;

/** The field -> record id choices the dialog holds. */
export type MergeChoices = Record<string, number>;

export const isEmptyValue = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Equal as the server compares them; an empty text and no value are the same nothing. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  (isEmptyValue(a) && isEmptyValue(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The record kept by default: the oldest (the first of equals), which the others usually copied. */
export function oldestId(records: readonly { id: number; createdAt: string }[]): number {
  let oldest = records[0]!;
  for (const record of records) if (record.createdAt < oldest.createdAt) oldest = record;
  return oldest.id;
}

/** The fields whose values are not the same in every record: the only ones that need a choice. */
export const differingFields = (fields: readonly string[], records: readonly MergeRecord[]): string[] =>
  fields.filter((field) => records.some((record) => !sameValue(record[field], records[0]![field])));

/**
 * What each field starts at: the kept record's value, or, when it has none, the first record (in the group's order)
 * that has one; the server does the same for a field it is not told about, so the table shows what would happen.
 */
export function defaultChoices(
  fields: readonly string[],
  records: readonly MergeRecord[],
  keepId: number,
): MergeChoices {
  const keep = records.find((record) => record.id === keepId)!;
  return Object.fromEntries(
    fields.map((field) => [
      field,
      isEmptyValue(keep[field]) ? (records.find((record) => !isEmptyValue(record[field]))?.id ?? keepId) : keepId,
    ]),
  );
}

/** The tags the kept record ends with: every record's, the kept one's first, each once. */
export function joinedTags(records: readonly MergeRecord[], keepId: number): string[] {
  const ordered = [...records].sort((a, b) => Number(b.id === keepId) - Number(a.id === keepId));
  return [...new Set(ordered.flatMap((record) => (Array.isArray(record.tags) ? (record.tags as string[]) : [])))];
}

/**
 * The merge request for the table as chosen: the others merged into the kept one, and a choice named for each field
 * that differs (equal fields need none; the kept record keeps them).
 */
export function mergeBody(
  fields: readonly string[],
  records: readonly MergeRecord[],
  keepId: number,
  choices: MergeChoices,
): { keepId: number; mergeIds: number[]; fields: MergeChoices } {
  const ids = new Set(records.map((record) => record.id));
  const chosen = Object.fromEntries(
    differingFields(fields, records).map((field) => {
      const id = choices[field];
      return [field, id !== undefined && ids.has(id) ? id : keepId];
    }),
  );
  return { keepId, mergeIds: records.filter((record) => record.id !== keepId).map((r) => r.id), fields: chosen };
}
