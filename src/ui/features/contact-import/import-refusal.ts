import type { TFunction } from 'i18next';

/** The server's refusal reasons ("score: must be ..."), each known one translated; an unknown one as sent. */
const REASONS: [RegExp, string][] = [
  [/^required$/, 'required'],
  [/^not an email address$/, 'email'],
  [/^must be a phone number, without letters$/, 'phone'],
  [/^must be one of /, 'status'],
  [/^must be a whole number from 0 to 100$/, 'score'],
  [/^at most 50 tags of 50 characters$/, 'tags'],
  [/^longer than (\d+) characters$/, 'tooLong'],
  [/^contact #(\d+) belongs to someone else$/, 'notYours'],
  [/^no active user is "(.*)"$/s, 'unknownOwner'],
  [/^several users are named "(.*)"$/s, 'ambiguousOwner'],
  [/^you may import contacts for yourself only$/, 'notYourself'],
];

/** A custom field's refusals ("customFields.<key>: must be a number"), translated where known. */
const CUSTOM_REASONS: [RegExp, string][] = [
  [/^is required$/, 'required'],
  [/^must be a number$/, 'customNumber'],
  [/^must be an amount/, 'customAmount'],
  [/^must be a date as YYYY-MM-DD$/, 'customDate'],
  [/^must be Sim or Não/, 'customCheckbox'],
  [/^must be one of (.*)$/s, 'customOption'],
  [/^"(.*)" is not one of /s, 'customOptionUnknown'],
];

/** A custom field refusal: the field by its label (as `labelOf` gives it), the reason translated where known. */
function customRefusal(key: string, rest: string, t: TFunction, labelOf?: (key: string) => string | undefined) {
  const name = labelOf?.(key) ?? `customFields.${key}`;
  for (const [pattern, reason] of CUSTOM_REASONS) {
    const match = pattern.exec(rest);
    if (match) return `${name}: ${t(`contactImport.reasons.${reason}`, { value: match[1] })}`;
  }
  return `${name}: ${rest}`;
}

export function refusalText(reason: string, t: TFunction, customLabel?: (key: string) => string | undefined): string {
  const split = reason.indexOf(': ');
  if (split === -1) return reason;
  const field = reason.slice(0, split);
  const rest = reason.slice(split + 2);
  if (field.startsWith('customFields.'))
    return customRefusal(field.slice('customFields.'.length), rest, t, customLabel);
  for (const [pattern, key] of REASONS) {
    const match = pattern.exec(rest);
    if (match) {
      return `${t(`contactImport.fields.${field}`, { defaultValue: field })}: ${t(`contactImport.reasons.${key}`, { value: match[1] })}`;
    }
  }
  return reason;
}
