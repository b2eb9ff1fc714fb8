import { FieldError } from '../crm/crm.errors';
import { checkCustomValues, FIELD_KEY_PATTERN, type CustomField, type FieldOption } from './custom-field';

/**
 * A custom field's value as a spreadsheet cell writes it, read back by an import: what our exports write in both
 * formats and languages (a decimal comma in pt, dd/MM/yyyy, Sim/Não, an option by its label in either language or
 * by its key, several options separated by `;`), and what a person types in the same shapes. The value is then
 * checked as every write path checks it (checkCustomValues); here only its shape is read.
 */
export function readCustomCell(field: CustomField, cell: string): { ok: unknown } | { why: string } {
  switch (field.type) {
    case 'number': {
      const value = decimalOf(cell);
      return value === null ? { why: 'must be a number' } : { ok: Number(value) };
    }
    case 'currency': {
      const value = decimalOf(cell);
      return value === null ? { why: 'must be an amount, e.g. 1500,00 or 1500.00' } : { ok: value };
    }
    case 'date': {
      const day = DAY_PT.exec(cell);
      return { ok: day ? `${day[3]}-${day[2].padStart(2, '0')}-${day[1].padStart(2, '0')}` : cell };
    }
    case 'checkbox': {
      const word = plain(cell);
      if (YES.has(word)) return { ok: true };
      if (NO.has(word)) return { ok: false };
      return { why: 'must be Sim or Não (yes or no)' };
    }
    case 'select': {
      const option = optionOf(field.options, cell);
      return option ? { ok: option.key } : { why: `must be one of ${offered(field)}` };
    }
    case 'multiSelect': {
      const keys: string[] = [];
      for (const part of parts(cell)) {
        // A label may hold a comma; a list typed with commas is read when its parts are options.
        const option = optionOf(field.options, part);
        const split = option ? [option] : part.split(',').map((p) => optionOf(field.options, p.trim()));
        const unknown = split.findIndex((o) => !o);
        if (unknown !== -1)
          return { why: `"${option ? part : part.split(',')[unknown].trim()}" is not one of ${offered(field)}` };
        keys.push(...split.map((o) => o!.key));
      }
      return { ok: [...new Set(keys)] };
    }
    default:
      return { ok: cell };
  }
}

/**
 * "1.234,56" and "1234,56" (pt), "1234.56" (en, csv), "1.234.567" (pt thousands): the decimal string "1234.56"; null
 * when not a number. A single point is a decimal point, as our csv and English files write it.
 */
function decimalOf(cell: string): string | null {
  const text = cell.replace(/^R\$\s*/, '').replace(/\s/g, '');
  let decimal: string;
  if (PT_DECIMAL.test(text) || PT_THOUSANDS.test(text)) decimal = text.replace(/\./g, '').replace(',', '.');
  else if (EN_DECIMAL.test(text)) decimal = text;
  else return null;
  return Number.isFinite(Number(decimal)) ? decimal : null;
}

const PT_DECIMAL = /^-?(\d{1,3}(\.\d{3})+|\d+),\d+$/;
const PT_THOUSANDS = /^-?\d{1,3}(\.\d{3}){2,}$/;
const EN_DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DAY_PT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YES = new Set(['sim', 's', 'yes', 'y', 'true', '1', 'x', 'verdadeiro']);
const NO = new Set(['nao', 'n', 'no', 'false', '0', 'falso']);

/** Case, accents and spacing aside. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** An option by its key, else by its label in either language or its key written otherwise (retired ones too: records keep them). */
function optionOf(options: FieldOption[], text: string): FieldOption | undefined {
  const exact = options.find((o) => o.key === text);
  if (exact) return exact;
  const wanted = plain(text);
  return options.find((o) => plain(o.label.pt) === wanted || plain(o.label.en) === wanted || plain(o.key) === wanted);
}

const parts = (cell: string) =>
  cell
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

const offered = (field: CustomField) =>
  field.options
    .filter((o) => !o.retired)
    .map((o) => o.label.pt)
    .join(', ');

/** An import's columns mapped to custom fields, by the field key each fills (`customFields.<key>` targets). */
export const CUSTOM_TARGET = new RegExp(`^customFields\\.(${FIELD_KEY_PATTERN.source.slice(1, -1)})$`);
export const customTargetKey = (target: string): string | undefined => CUSTOM_TARGET.exec(target)?.[1];

/**
 * The custom values of a row's cells in the columns `custom` maps ([column, field key]), read as their types by the
 * record's fields (`byKey`); empty cells set nothing. A retired or unknown field, or a cell its type cannot hold, is
 * the row's refusal naming `customFields.<key>`.
 */
export function readCustomColumns(
  cells: (column: string) => string,
  custom: readonly (readonly [string, string])[],
  byKey: ReadonlyMap<string, CustomField>,
): { values?: Record<string, unknown> } | { reason: string } {
  let values: Record<string, unknown> | undefined;
  for (const [column, key] of custom) {
    const cell = cells(column);
    if (!cell) continue;
    const field = byKey.get(key);
    const path = `customFields.${key}`;
    if (!field || field.retired) return { reason: `${path}: is not a field of these records` };
    const read = readCustomCell(field, cell);
    if ('why' in read) return { reason: `${path}: ${read.why}` };
    (values ??= {})[key] = read.ok;
  }
  return { values };
}

/** The mapping's columns whose custom field is none of the record's, or retired: [column, target]. */
export function unknownCustomTargets(
  mapping: Record<string, string>,
  byKey: ReadonlyMap<string, CustomField>,
): [string, string][] {
  return Object.entries(mapping).filter(([, target]) => {
    const key = customTargetKey(target);
    return key !== undefined && (byKey.get(key)?.retired ?? true);
  });
}

/**
 * The columns `mapping` leaves free whose header is an offered custom field's, as our exports head it
 * (`customFields.<key>`, or its label in either language) or by its key (`headerKey` writes both alike).
 */
export function guessCustomColumns(
  columns: string[],
  mapping: Record<string, string>,
  fields: CustomField[],
  headerKey: (header: string) => string,
): Record<string, `customFields.${string}`> {
  const guessed: Record<string, `customFields.${string}`> = {};
  const taken = new Set(Object.values(mapping));
  const byWord = new Map<string, `customFields.${string}`>();
  for (const field of fields) {
    if (field.retired) continue;
    const target = `customFields.${field.key}` as const;
    for (const word of [target, field.label.pt, field.label.en, field.key].map(headerKey))
      if (!byWord.has(word)) byWord.set(word, target);
  }
  for (const column of columns) {
    if (column in mapping) continue;
    const target = byWord.get(headerKey(column));
    if (target && !taken.has(target)) {
      guessed[column] = target;
      taken.add(target);
    }
  }
  return guessed;
}

/** A new record's custom values: a row's, checked as a create checks them (required ones present). */
export function newCustomValues(
  fields: CustomField[],
  sent: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const checked = checkCustomValues(fields, sent ?? {}, 'create');
  for (const [key, value] of Object.entries(checked)) if (value === null) delete checked[key];
  return checked;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The custom values a row changes on a record holding `base`, each checked as an edit checks it; a value the record
 * already holds is no change, and is not checked again (a retired option it keeps re-imports unchanged).
 */
export function changedCustomValues(
  fields: CustomField[],
  base: Record<string, unknown>,
  sent: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (sameValue(base[key], value)) continue;
    const checked = checkCustomValues(fields, { [key]: value }, 'update')[key];
    if (!sameValue(base[key], checked)) changed[key] = checked;
  }
  return changed;
}

/** A row's refusal for a custom value the checks refused ("customFields.since: is required"); other errors go on. */
export function customValueRefusal(error: unknown): string {
  if (!(error instanceof FieldError)) throw error;
  const path = (Array.isArray(error.details) && error.details[0]?.path) || 'customFields';
  const why = error.message.startsWith(`${path} `) ? error.message.slice(path.length + 1) : error.message;
  return `${path}: ${why}`;
}
