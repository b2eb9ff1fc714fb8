import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { labelIn, useCustomFields, type CustomField, type CustomFieldEntity } from '../../lib/api/custom-fields';
import { customFieldKeyOf } from '../../lib/custom-field-values';

export { customFieldKeyOf };

/**
 * A kind of record's offered custom fields as an import's mapping targets (`customFields.<key>`), and the label of
 * each in the UI's language (undefined for a target that is not one of them).
 */
export function useCustomFieldColumns(entity: CustomFieldEntity): {
  fields: CustomField[];
  targets: `customFields.${string}`[];
  labelOf: (target: string) => string | undefined;
} {
  const { i18n } = useTranslation();
  const fields = useCustomFields(entity).data?.items ?? [];
  const labelOf = (target: string) => {
    const key = customFieldKeyOf(target);
    const field = key === undefined ? undefined : fields.find((f) => f.key === key);
    return field && labelIn(field.label, i18n.language);
  };
  return { fields, targets: fields.map((field) => `customFields.${field.key}` as const), labelOf };
}

/** The server's custom field refusals ("customFields.<key>: must be a number"), translated where known. */
const REASONS: [RegExp, string][] = [
  [/^is required$/, 'required'],
  [/^must be a number$/, 'number'],
  [/^must be an amount/, 'amount'],
  [/^must be a date as YYYY-MM-DD$/, 'date'],
  [/^must be Sim or Não/, 'checkbox'],
  [/^must be one of (.*)$/s, 'option'],
  [/^"(.*)" is not one of /s, 'optionUnknown'],
];

/**
 * A row's refusal that names a custom field, in the UI's words: the field by its label (`labelOf` a target), the
 * reason translated where known; null for any other refusal.
 */
export function customFieldRefusal(
  reason: string,
  t: TFunction,
  labelOf: (target: string) => string | undefined,
): string | null {
  const split = reason.indexOf(': ');
  const target = reason.slice(0, split);
  if (split === -1 || customFieldKeyOf(target) === undefined) return null;
  const rest = reason.slice(split + 2);
  const name = labelOf(target) ?? target;
  for (const [pattern, key] of REASONS) {
    const match = pattern.exec(rest);
    if (match) return `${name}: ${t(`customFields.importReasons.${key}`, { value: match[1] })}`;
  }
  return `${name}: ${rest}`;
}
