import { z } from 'zod';
import type { CustomField } from './api/custom-fields';
import { formatCurrency } from './format';

/**
 * A record's custom field values between the API and a form (the server checks each value against its field and
 * answers a 400 naming `customFields.<key>`; the form shows it on that field). In the form, a value is what its
 * control holds: text for the typed fields, a boolean for a checkbox, a list of option keys for a multiple choice.
 */
export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;
type Stored = Record<string, unknown> | null | undefined;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A custom field as a list's parameter, an import's target or a report's choice names it: `customFields.<key>`. */
export const CUSTOM_FIELD_NAME = /^customFields\.([a-z][a-zA-Z0-9_]{0,39})$/;

/** The key a `customFields.<key>` name holds; undefined for any other name. */
export const customFieldKeyOf = (name: string | undefined): string | undefined =>
  name === undefined ? undefined : CUSTOM_FIELD_NAME.exec(name)?.[1];

/** A stored number as the form shows it: a decimal comma, as people in Brazil type it. */
const decimalText = (value: unknown): string => text(value).replace('.', ',');

/** The form's values of `fields` for a record holding `stored` (a new record: nothing). */
export function formValuesOf(fields: readonly CustomField[], stored: Stored): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = stored?.[field.key];
    if (field.type === 'checkbox') values[field.key] = value === true;
    else if (field.type === 'multiSelect')
      values[field.key] = Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
    else if (field.type === 'number' || field.type === 'currency') values[field.key] = decimalText(value);
    else values[field.key] = text(value);
  }
  return values;
}

/** "1.234,56", "1234,56" or "1234.56" as the decimal string the API takes ("1234.56"); anything else as typed. */
export function decimalOf(typed: string): string {
  const value = typed.trim();
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(value)) return value.replaceAll('.', '').replace(',', '.');
  return value.replace(',', '.');
}

/**
 * What a save sends: each field's value in the API's shape, an empty one as null (a change clears it; an unticked
 * checkbox is false), and for a new record (`creating`) the empty ones left out.
 */
export function valuesToSend(fields: readonly CustomField[], form: Record<string, unknown>, creating: boolean) {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = form[field.key];
    let sent: unknown;
    if (field.type === 'checkbox') sent = value === true;
    else if (field.type === 'multiSelect') sent = Array.isArray(value) && value.length > 0 ? value : null;
    else {
      const typed = typeof value === 'string' ? value.trim() : '';
      if (typed === '') sent = null;
      else if (field.type === 'number') {
        const decimal = decimalOf(typed);
        // A number the server can read, or the text as typed for it to refuse by name.
        sent = /^-?\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : typed;
      } else if (field.type === 'currency') sent = decimalOf(typed);
      else sent = typed;
    }
    if (creating && sent === null) continue;
    body[field.key] = sent;
  }
  return body;
}

/** A stored value as a page shows it, in `language` (a checkbox as `words.yes` or `words.no`); null when none. */
export function displayValue(
  field: CustomField,
  value: unknown,
  language: string,
  words: { yes: string; no: string },
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const optionLabel = (key: unknown) => {
    const option = field.options.find((o) => o.key === key);
    return option ? (language.startsWith('en') ? option.label.en : option.label.pt) : String(key);
  };
  switch (field.type) {
    case 'checkbox':
      return value === true ? words.yes : value === false ? words.no : null;
    case 'currency':
      return formatCurrency(String(value));
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('pt-BR') : String(value);
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      return m ? `${m[3]}/${m[2]}/${m[1]}` : String(value);
    }
    case 'select':
      return optionLabel(value);
    case 'multiSelect':
      return Array.isArray(value) && value.length > 0 ? value.map(optionLabel).join(', ') : null;
    default:
      return String(value);
  }
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const CURRENCY = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * The form's checks of `fields`, as the server makes them (domain/custom-fields/custom-field.ts), so that a
 * person reads why in their language before anything is sent: a required field needs a value, a number or an
 * amount must read as one, an address must look like one.
 */
export function customFieldsSchema(fields: readonly CustomField[], t: Translate) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    if (field.type === 'checkbox') {
      shape[field.key] = z.boolean();
      continue;
    }
    if (field.type === 'multiSelect') {
      shape[field.key] = z
        .array(z.string())
        .refine((keys) => !field.required || keys.length > 0, t('validation.required'));
      continue;
    }
    const max = field.type === 'longText' ? 10_000 : 500;
    shape[field.key] = z
      .string()
      .max(max, t('validation.maxLength', { count: max }))
      .superRefine((value, context) => {
        const typed = value.trim();
        const fail = (message: string) => context.addIssue({ code: 'custom', message });
        if (typed === '') return field.required ? fail(t('validation.required')) : undefined;
        if (field.type === 'number' && !DECIMAL.test(decimalOf(typed))) fail(t('customFields.invalid.number'));
        if (field.type === 'currency' && !CURRENCY.test(decimalOf(typed))) fail(t('customFields.invalid.currency'));
        if (field.type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) fail(t('validation.email'));
        if (field.type === 'url' && !/^https?:\/\/[^\s.]+\.[^\s]+$/.test(typed)) fail(t('customFields.invalid.url'));
        if (field.type === 'phone' && !/^\+?[\d\s().-]{6,30}$/.test(typed)) fail(t('validation.phone'));
      });
  }
  return z.object(shape);
}
