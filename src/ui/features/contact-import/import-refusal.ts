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

/** A row's refusal in the UI's words: the field by its label, the reason translated (custom fields: customFieldRefusal). */
export function refusalText(reason: string, t: TFunction): string {
  const split = reason.indexOf(': ');
  if (split === -1) return reason;
  const field = reason.slice(0, split);
  const rest = reason.slice(split + 2);
  for (const [pattern, key] of REASONS) {
    const match = pattern.exec(rest);
    if (match) {
      return `${t(`contactImport.fields.${field}`, { defaultValue: field })}: ${t(`contactImport.reasons.${key}`, { value: match[1] })}`;
    }
  }
  return reason;
}
