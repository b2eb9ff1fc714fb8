import type { ContactStatus } from '../contacts/contact';
import { canBePhone } from '../contacts/phone';
import { valueOfLabel } from '../shared/labels';
import { isValidCnpj, normalizeCnpj } from '../companies/cnpj';
import type { CustomField } from '../custom-fields/custom-field';
import { customTargetKey, readCustomColumns } from '../custom-fields/custom-field-cell';
import {
  type ImportMapping,
  type ImportRow,
  type ImportedFields,
  type ImportedValues,
  type MappingTarget,
} from './contact-import';
import { refusal } from './import-reasons';

const TEXT_LIMITS: Partial<Record<MappingTarget, number>> = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  cnpj: 20,
  position: 200,
  source: 100,
  notes: 10_000,
  owner: 200,
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A cell our exports wrote with a leading quote so a spreadsheet would not run it ("'+55 61...", "'=1+1"). */
const NEUTRALISED = /^'[=+\-@\t\r]/;
/** A whole score as a spreadsheet may write it: "75", "+75", "75.0", "75,0". */
const WHOLE = /^\+?\d+(?:[.,]0*)?$/;

/** A cell as an import reads it: trimmed, without the quote our exports put before text that starts like a formula. */
export function importedCell(raw: string | undefined): string {
  const cell = (raw ?? '').trim();
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/** Tags separated by ; or , (each once), each without the quote our exports put before one that starts like a formula. */
export function splitTags(cell: string): string[] {
  return [...new Set(cell.split(/[;,]/).map(importedCell).filter(Boolean))];
}

/** Each mapping's [column, target] pairs, listed once rather than for every row. */
const mappingEntries = new WeakMap<ImportMapping, [string, MappingTarget][]>();
/** Each mapping's [column, custom field key] pairs. */
const customEntries = new WeakMap<ImportMapping, [string, string][]>();

function entriesOf(mapping: ImportMapping): { entries: [string, MappingTarget][]; custom: [string, string][] } {
  let entries = mappingEntries.get(mapping);
  let custom = customEntries.get(mapping);
  if (!entries || !custom) {
    entries = [];
    custom = [];
    for (const [column, target] of Object.entries(mapping)) {
      const key = customTargetKey(target);
      if (key) custom.push([column, key]);
      else entries.push([column, target as MappingTarget]);
    }
    mappingEntries.set(mapping, entries);
    customEntries.set(mapping, custom);
  }
  return { entries, custom };
}

/**
 * A row's values (and its owner cell, when a column is mapped to owner), or why it is rejected. Empty cells set
 * nothing. Tags are separated by ; or ,. A status is read by its value or its Portuguese or English label. A custom
 * field's cell is read as its type (readCustomCell), by the record's `fields` (keyed); its value is checked when the
 * row is planned (a create needs the required ones, a change checks what it changes).
 */
export function readRow(
  row: ImportRow,
  mapping: ImportMapping,
  fields: ReadonlyMap<string, CustomField> = new Map(),
): { values: ImportedValues; owner?: string } | { reason: string } {
  const values: Partial<ImportedValues> = {};
  let owner: string | undefined;
  const parts: { firstName?: string; lastName?: string } = {};
  const { entries, custom } = entriesOf(mapping);
  const customValues = readCustomColumns((column) => importedCell(row.cells[column]), custom, fields);
  if ('reason' in customValues) return customValues;
  if (customValues.values) values.customFields = customValues.values;
  for (const [column, field] of entries) {
    const cell = importedCell(row.cells[column]);
    if (!cell) continue;
    // PostgreSQL stores no NUL in text: the row is refused alone, the rest of the file imports.
    if (cell.includes('\u0000')) return { reason: refusal(field, 'nul') };
    const limit = TEXT_LIMITS[field];
    if (limit && cell.length > limit) return { reason: refusal(field, 'tooLong', limit) };
    switch (field) {
      case 'email':
        if (!EMAIL.test(cell)) return { reason: refusal(field, 'email') };
        values.email = cell;
        break;
      case 'phone':
        // As the API refuses it: a phone has no letters.
        if (!canBePhone(cell)) return { reason: refusal(field, 'phone') };
        values.phone = cell;
        break;
      case 'status': {
        const status = valueOfLabel('contactStatus', cell) as ContactStatus | undefined;
        if (!status) return { reason: refusal(field, 'status') };
        values.status = status;
        break;
      }
      case 'score': {
        const score = WHOLE.test(cell) ? Number.parseInt(cell, 10) : NaN;
        if (!Number.isInteger(score) || score < 0 || score > 100) return { reason: refusal(field, 'score') };
        values.score = score;
        break;
      }
      case 'tags': {
        const tags = splitTags(cell);
        if (tags.some((t) => t.length > 50) || tags.length > 50) return { reason: refusal(field, 'tags') };
        values.tags = tags;
        break;
      }
      case 'cnpj':
        // Check digits as the companies' API checks them; stored and compared without punctuation.
        if (!isValidCnpj(cell)) return { reason: refusal(field, 'cnpj') };
        values.cnpj = normalizeCnpj(cell);
        break;
      case 'owner':
        owner = cell;
        break;
      case 'firstName':
      case 'lastName':
        parts[field] = cell;
        break;
      default:
        values[field] = cell;
    }
  }
  if (!values.name && (parts.firstName || parts.lastName)) {
    const name = [parts.firstName, parts.lastName].filter(Boolean).join(' ');
    if (name.length > (TEXT_LIMITS.name ?? Infinity)) return { reason: refusal('name', 'tooLong', TEXT_LIMITS.name) };
    values.name = name;
  }
  if (!values.name) return { reason: refusal('name', 'required') };
  return owner === undefined ? { values: values as ImportedValues } : { values: values as ImportedValues, owner };
}

/** The fields of `values` that differ from the existing contact's. */
export function changedFields(
  current: Partial<ImportedFields>,
  values: Partial<ImportedFields>,
): Partial<ImportedFields> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const before = current[field as keyof ImportedFields];
    const same =
      value !== null && typeof value === 'object' ? JSON.stringify(value) === JSON.stringify(before) : value === before;
    if (!same) changes[field] = value;
  }
  return changes as Partial<ImportedFields>;
}
