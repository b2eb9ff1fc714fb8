import { z } from 'zod';
import type { ApiBody } from '../../lib/api-client';
import type { CustomField, CustomFieldEntity, CustomFieldType } from '../../lib/api/custom-fields';

type T = (key: string, options?: Record<string, unknown>) => string;

// What the custom fields settings send, as pure functions: keys made from labels, the form's checks (the server's
// bounds, fields.schemas.ts and custom-field.ts, checked here first so messages arrive translated), the bodies sent,
// and where a moved field goes.

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
] as const satisfies readonly CustomFieldType[];

export const CUSTOM_FIELD_ENTITIES = ['contact', 'company', 'deal'] as const satisfies readonly CustomFieldEntity[];

export const isSelectType = (type: CustomFieldType): boolean => type === 'select' || type === 'multiSelect';

export const LABEL_MAX = 80;
const FIELD_KEY_PATTERN = /^[a-z][a-zA-Z0-9_]{0,39}$/;
const OPTION_KEY_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,59}$/;
export const FIELD_KEY_MAX = 40;
export const OPTION_KEY_MAX = 60;

/** "Até 10 funcionários" -> "ate10Funcionarios": ASCII letters and digits, each word after the first capitalized. */
function camelCase(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** A field's key from its label: "Segmento de mercado" -> "segmentoDeMercado"; starts with a letter, at most 40. */
export const fieldKeyFrom = (label: string): string => {
  const key = camelCase(label).replace(/^[^a-zA-Z]+/, '');
  return (key.charAt(0).toLowerCase() + key.slice(1)).slice(0, FIELD_KEY_MAX);
};

/** An option's key from its label: "Até 10 funcionários" -> "ate10Funcionarios" (at most 60). */
export const optionKeyFrom = (label: string): string => camelCase(label).slice(0, OPTION_KEY_MAX);

/**
 * The key once the label changed: it follows the label while it still is what the old label made (nobody edited it),
 * and stays as typed once someone did.
 */
export const followKey = (key: string, before: string, after: string, keyOf: (label: string) => string): string =>
  key === keyOf(before) ? keyOf(after) : key;

export interface OptionRow {
  key: string;
  label: { pt: string; en: string };
  retired: boolean;
  /** Added in this dialog: removable, its key editable (a saved option's key is fixed). */
  isNew?: boolean;
}

export const newOptionRow = (): OptionRow => ({ key: '', label: { pt: '', en: '' }, retired: false, isNew: true });

export function customFieldSchema(t: T) {
  const required = t('validation.required');
  const tooLong = t('validation.maxLength', { count: LABEL_MAX });
  const labelText = z.string().trim().min(1, required).max(LABEL_MAX, tooLong);
  return z
    .object({
      label: z.object({ pt: labelText, en: labelText }),
      key: z
        .string()
        .trim()
        .min(1, required)
        .regex(FIELD_KEY_PATTERN, t('customFieldSettings.validation.key', { count: FIELD_KEY_MAX })),
      type: z.enum(CUSTOM_FIELD_TYPES),
      required: z.boolean(),
      // Checked below, and only for a select: another type's rows are kept while the type is being chosen, never sent.
      options: z.array(
        z.object({
          key: z.string().trim(),
          label: z.object({ pt: z.string().trim(), en: z.string().trim() }),
          retired: z.boolean(),
          isNew: z.boolean().optional(),
        }),
      ),
      updatedAt: z.string().optional(),
    })
    .superRefine(({ type, options }, ctx) => {
      if (!isSelectType(type)) return;
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      if (!options.some((option) => !option.retired))
        issue(['options'], t('customFieldSettings.validation.needsOption'));
      const seen = new Set<string>();
      options.forEach((option, i) => {
        for (const language of ['pt', 'en'] as const) {
          const text = option.label[language];
          if (!text) issue(['options', i, 'label', language], required);
          else if (text.length > LABEL_MAX) issue(['options', i, 'label', language], tooLong);
        }
        if (!option.key) issue(['options', i, 'key'], required);
        else if (!OPTION_KEY_PATTERN.test(option.key))
          issue(['options', i, 'key'], t('customFieldSettings.validation.optionKey', { count: OPTION_KEY_MAX }));
        else if (seen.has(option.key)) issue(['options', i, 'key'], t('customFieldSettings.validation.optionKeyTwice'));
        seen.add(option.key);
      });
    });
}

export type CustomFieldFormInput = z.input<ReturnType<typeof customFieldSchema>>;
export type CustomFieldFormValues = z.output<ReturnType<typeof customFieldSchema>>;

/** The dialog's first values: a field's (editing), or an empty text field's. */
export const formValuesOf = (field: CustomField | null): CustomFieldFormInput =>
  field
    ? {
        label: { ...field.label },
        key: field.key,
        type: field.type,
        required: field.required,
        options: field.options.map((option) => ({ ...option, label: { ...option.label } })),
        updatedAt: field.updatedAt,
      }
    : { label: { pt: '', en: '' }, key: '', type: 'text', required: false, options: [] };

const optionsToSend = (options: CustomFieldFormValues['options']) =>
  options.map(({ key, label, retired }) => ({ key, label, retired }));

export type NewCustomFieldBody = ApiBody<'/api/crm/fields', 'post'>;
export type CustomFieldChangesBody = ApiBody<'/api/crm/fields/{id}', 'patch'>;

/** POST /api/crm/fields: options only for a select. */
export const createBody = (entity: CustomFieldEntity, values: CustomFieldFormValues): NewCustomFieldBody => ({
  entity,
  key: values.key,
  label: values.label,
  type: values.type,
  required: values.required,
  ...(isSelectType(values.type) && { options: optionsToSend(values.options) }),
});

/** PATCH /api/crm/fields/:id: labels, required and a select's options (every saved one still there), as read at `updatedAt`. */
export const updateBody = (field: CustomField, values: CustomFieldFormValues): CustomFieldChangesBody => ({
  label: values.label,
  required: values.required,
  ...(isSelectType(field.type) && { options: optionsToSend(values.options) }),
  updatedAt: values.updatedAt ?? field.updatedAt,
});

/**
 * A move of one offered field, as the list reports it (every offered id in the new order), turned into what the server
 * takes: that field's 1-based `position` among all of the entity's fields, retired ones included (the others shift),
 * and the whole order after it. Null when nothing moved.
 */
export function moveOf(
  all: readonly { id: number; retired: boolean }[],
  offeredOrder: readonly number[],
): { id: number; position: number; order: number[] } | null {
  const before = all.filter((field) => !field.retired).map((field) => field.id);
  const first = before.findIndex((id, i) => offeredOrder[i] !== id);
  if (first < 0) return null;
  let last = before.length - 1;
  while (last > first && before[last] === offeredOrder[last]) last--;
  // Moved up: the field now at `first` came from `last`, and goes just before its new neighbour below.
  // Moved down: the field that was at `first` is now at `last`, just after its new neighbour above.
  const movedUp = offeredOrder[first] === before[last];
  const id = movedUp ? offeredOrder[first]! : before[first]!;
  const rest = all.map((field) => field.id).filter((other) => other !== id);
  const index = movedUp ? rest.indexOf(offeredOrder[first + 1]!) : rest.indexOf(offeredOrder[last - 1]!) + 1;
  rest.splice(index, 0, id);
  return { id, position: index + 1, order: rest };
}
