import { CONTACT_STATUSES, type ContactStatus } from '../contacts/contact';
import type { ImportField, ImportMapping, ImportRow, ImportedValues } from './contact-import';

const TEXT_LIMITS: Partial<Record<ImportField, number>> = {
  name: 200, email: 254, phone: 40, company: 200, position: 200, source: 100, notes: 10_000,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each mapping's [column, field] pairs, listed once rather than for every row. */
const mappingEntries = new WeakMap<ImportMapping, [string, ImportField][]>();

/** A row's values, or why it is rejected. Empty cells set nothing. Tags are separated by ; or ,. */
export function readRow(row: ImportRow, mapping: ImportMapping): { values: ImportedValues } | { reason: string } {
  const values: Partial<ImportedValues> = {};
  let entries = mappingEntries.get(mapping);
  if (!entries) mappingEntries.set(mapping, (entries = Object.entries(mapping)));
  for (const [column, field] of entries) {
    const cell = (row.cells[column] ?? '').trim();
    if (!cell) continue;
    // PostgreSQL stores no NUL in text: the row is refused alone, the rest of the file imports.
    if (cell.includes('\u0000')) return { reason: `${field}: contains a NUL character (U+0000)` };
    const limit = TEXT_LIMITS[field];
    if (limit && cell.length > limit) return { reason: `${field}: longer than ${limit} characters` };
    switch (field) {
      case 'email':
        if (!EMAIL.test(cell)) return { reason: `email: not an email address` };
        values.email = cell;
        break;
      case 'status':
        if (!CONTACT_STATUSES.includes(cell.toLowerCase() as ContactStatus)) return { reason: `status: must be one of ${CONTACT_STATUSES.join(', ')}` };
        values.status = cell.toLowerCase() as ContactStatus;
        break;
      case 'score': {
        const score = Number(cell);
        if (!Number.isInteger(score) || score < 0 || score > 100) return { reason: 'score: must be a whole number from 0 to 100' };
        values.score = score;
        break;
      }
      case 'tags': {
        const tags = [...new Set(cell.split(/[;,]/).map((t) => t.trim()).filter(Boolean))];
        if (tags.some((t) => t.length > 50) || tags.length > 50) return { reason: 'tags: at most 50 tags of 50 characters' };
        values.tags = tags;
        break;
      }
      default:
        values[field] = cell;
    }
  }
  if (!values.name) return { reason: 'name: required' };
  return { values: values as ImportedValues };
}

/** The fields of `values` that differ from the existing contact's. */
export function changedFields(current: Partial<ImportedValues>, values: Partial<ImportedValues>): Partial<ImportedValues> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const before = current[field as keyof ImportedValues];
    const same = Array.isArray(value) ? JSON.stringify(value) === JSON.stringify(before) : value === before;
    if (!same) changes[field] = value;
  }
  return changes as Partial<ImportedValues>;
}
