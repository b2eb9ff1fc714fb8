import { FieldError } from '../crm/crm.errors';

/**
 * Fields an admin adds to contacts, companies and deals (issue 27). A record keeps their values in its
 * `customFields` object, by the field's key; a select stores its option's key, so renaming an option's label changes
 * no record, and a retired option or field keeps the values it has (hidden, never deleted).
 */
export const CUSTOM_FIELD_ENTITIES = ['contact', 'company', 'deal'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CUSTOM_FIELD_TYPES = [
  'text',
  'longText',
  'number',
  'currency',
  'date',
  'select',
  'multiSelect',
  'checkbox',
  'url',
  'email',
  'phone',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A label in each language the UI speaks. */
export interface Label {
  pt: string;
  en: string;
}

export interface FieldOption {
  key: string;
  label: Label;
  /** Offered no more; the records that hold it keep it. */
  retired: boolean;
}

export interface CustomField {
  id: number;
  entity: CustomFieldEntity;
  key: string;
  label: Label;
  type: CustomFieldType;
  required: boolean;
  /** Selects' options, in the order offered; empty for the other types. */
  options: FieldOption[];
  position: number;
  /** Hidden from forms, lists and filters; the values stay in the records. */
  retired: boolean;
  /** Shown on its records' cards: at most MAX_PINNED of a kind of record (retired ones not counted). */
  pinned: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** An option as a request gives it: `{ key, label, retired? }`, or a plain string for the same key and labels. */
export type OptionInput = string | { key: string; label: Label; retired?: boolean };

export interface NewCustomField {
  entity: CustomFieldEntity;
  key: string;
  label: Label;
  type: CustomFieldType;
  required?: boolean;
  options?: OptionInput[];
  position?: number;
  pinned?: boolean;
}

export interface CustomFieldChanges {
  label?: Label;
  required?: boolean;
  options?: OptionInput[];
  position?: number;
  retired?: boolean;
  pinned?: boolean;
}

/** What a value is stored under: `customFields.<key>`, also the list routes' filter and sort name. */
export const FIELD_KEY_PATTERN = /^[a-z][a-zA-Z0-9_]{0,39}$/;
export const OPTION_KEY_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,59}$/;
export const MAX_FIELDS_PER_ENTITY = 50;
/** A card has room for two: more would crowd the board. */
export const MAX_PINNED = 2;
export const MAX_OPTIONS = 100;
export const TEXT_MAX = 500;
export const LONG_TEXT_MAX = 10_000;

export const isSelect = (type: CustomFieldType): boolean => type === 'select' || type === 'multiSelect';

/** The options in their stored shape: a plain string becomes the same key with that label in both languages. */
export function normalizeOptions(options: OptionInput[]): FieldOption[] {
  return options.map((option) =>
    typeof option === 'string'
      ? { key: option, label: { pt: option, en: option }, retired: false }
      : { key: option.key, label: option.label, retired: option.retired ?? false },
  );
}

/**
 * The options a field may have: a select at least one, each key once; no other type any. On a change, every option
 * it had stays (renamed or retired, never dropped: records hold its key).
 */
export function checkOptions(type: CustomFieldType, options: FieldOption[], before: FieldOption[] = []): FieldOption[] {
  if (!isSelect(type)) {
    if (options.length) throw new FieldError('options', `a ${type} field has no options`);
    return options;
  }
  if (!options.some((o) => !o.retired))
    throw new FieldError('options', 'needs at least one option offered (not retired)');
  const seen = new Set<string>();
  options.forEach((option, i) => {
    if (!OPTION_KEY_PATTERN.test(option.key))
      throw new FieldError(`options.${i}.key`, 'an option key is letters, digits, - or _ (at most 60)');
    if (seen.has(option.key)) throw new FieldError(`options.${i}.key`, `option "${option.key}" is listed twice`);
    seen.add(option.key);
  });
  const dropped = before.find((option) => !seen.has(option.key));
  if (dropped)
    throw new FieldError(
      'options',
      `option "${dropped.key}" cannot be removed (records may hold it): retire it instead (retired: true)`,
    );
  return options;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^-?\d{1,12}(\.\d{1,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,30}$/;

const isRealDate = (value: string): boolean => {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

const isWebAddress = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** One value as stored, or a reason it is refused. null clears the value. */
function valueOf(field: CustomField, value: unknown): { ok: unknown } | { why: string } {
  if (value === null) return { ok: null };
  const offered = (key: unknown) =>
    typeof key === 'string' && field.options.some((option) => option.key === key && !option.retired);
  switch (field.type) {
    case 'text':
    case 'longText': {
      const max = field.type === 'text' ? TEXT_MAX : LONG_TEXT_MAX;
      if (typeof value !== 'string') return { why: 'must be text' };
      const text = value.trim();
      if (text.length > max) return { why: `must be at most ${max} characters` };
      return { ok: text === '' ? null : text };
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { ok: value } : { why: 'must be a number' };
    case 'currency': {
      // A decimal string, like a deal's value; a number is taken when it has at most two decimals.
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof text !== 'string' || !CURRENCY.test(text.trim()))
        return { why: 'must be an amount in BRL as a decimal string, e.g. "1500.00"' };
      return { ok: Number(text).toFixed(2) };
    }
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? { ok: value } : { why: 'must be a date as YYYY-MM-DD' };
    case 'select':
      return offered(value) ? { ok: value } : { why: `must be one of ${offeredKeys(field)}` };
    case 'multiSelect': {
      if (!Array.isArray(value)) return { why: `must be a list of ${offeredKeys(field)}` };
      const unknown = value.find((key) => !offered(key));
      if (unknown !== undefined) return { why: `"${String(unknown)}" is not one of ${offeredKeys(field)}` };
      return { ok: [...new Set(value as string[])] };
    }
    case 'checkbox':
      return typeof value === 'boolean' ? { ok: value } : { why: 'must be true or false' };
    case 'url':
      return typeof value === 'string' && isWebAddress(value.trim())
        ? { ok: value.trim() }
        : { why: 'must be a web address (http or https)' };
    case 'email':
      return typeof value === 'string' && EMAIL.test(value.trim()) && value.trim().length <= 254
        ? { ok: value.trim().toLowerCase() }
        : { why: 'must be an e-mail address' };
    case 'phone':
      return typeof value === 'string' && PHONE.test(value.trim()) && /\d{6}/.test(value.replace(/\D/g, ''))
        ? { ok: value.trim() }
        : { why: 'must be a phone number' };
  }
}

const offeredKeys = (field: CustomField) =>
  field.options
    .filter((o) => !o.retired)
    .map((o) => o.key)
    .join(', ');

/**
 * The custom field values a write sends, checked against the entity's fields and put in their stored shape; each
 * refusal names `customFields.<key>`. A key of no field, or of a retired one, is refused (its values stay where they
 * are). On a create every required field needs a value; on an update, a required field sent cannot be emptied.
 */
export function checkCustomValues(
  fields: CustomField[],
  values: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const field = byKey.get(key);
    const path = `customFields.${key}`;
    if (!field) throw new FieldError(path, `${path} is not a field of this record (GET /api/crm/fields lists them)`);
    if (field.retired) throw new FieldError(path, `${path} is retired: its values are kept, no new ones`);
    const result = valueOf(field, value);
    if ('why' in result) throw new FieldError(path, `${path} ${result.why}`);
    if (isEmpty(result.ok) && field.required) throw new FieldError(path, `${path} is required`);
    checked[key] = result.ok;
  }
  if (mode === 'create')
    for (const field of fields)
      if (field.required && !field.retired && isEmpty(checked[field.key]))
        throw new FieldError(`customFields.${field.key}`, `customFields.${field.key} is required`);
  return checked;
}

/** No value: absent, null, or a multi-select with nothing chosen. */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (Array.isArray(value) && value.length === 0);

/**
 * A list's custom field filters (`customFields.<key>=<text>` query parameters) as the JSON document the records'
 * values must contain (`custom_fields @> document`, which one GIN index per table serves): each text read as its
 * field's type; a choice by its option's key (a retired option too: records keep it), a multiple choice matching the
 * records that hold that option among theirs. A key of no field, a retired field or a value its type cannot hold is
 * refused naming `customFields.<key>`.
 */
export function customFieldMatch(fields: CustomField[], filters: Record<string, string>): Record<string, unknown> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const document: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(filters)) {
    const field = byKey.get(key);
    const path = `customFields.${key}`;
    if (!field || field.retired)
      throw new FieldError(path, `${path} is not a field of these records (GET /api/crm/fields lists them)`);
    const refuse = (why: string) => new FieldError(path, `${path} ${why}`);
    switch (field.type) {
      case 'number': {
        const value = Number(text);
        if (text.trim() === '' || !Number.isFinite(value)) throw refuse('must be a number');
        document[key] = value;
        break;
      }
      case 'checkbox':
        if (text !== 'true' && text !== 'false') throw refuse('must be true or false');
        document[key] = text === 'true';
        break;
      case 'select':
      case 'multiSelect':
        if (!field.options.some((option) => option.key === text)) throw refuse(`must be one of ${offeredKeys(field)}`);
        document[key] = field.type === 'select' ? text : [text];
        break;
      default: {
        // Stored as a write stores it (valueOf): trimmed, an amount with two decimals, an e-mail in lower case.
        const result = valueOf(field, text);
        if ('why' in result || result.ok === null) throw refuse('why' in result ? result.why : 'is empty');
        document[key] = result.ok;
      }
    }
  }
  return document;
}
