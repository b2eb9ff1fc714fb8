import type { TFunction } from 'i18next';
// zod's tree-shakable build: the sign-in screen needs these rules, and the full `zod` build (its chainable
// methods keep every check in the bundle) would be most of that screen's JavaScript. Its schemas fit as
// fields of `z.object` from `zod` too, which the signed-in screens use.
import { z } from 'zod/mini';

// The server's bounds (users.schemas.ts), checked first in the browser so messages arrive translated;
// the server stays the authority. Text is trimmed before it is checked and sent.
export const INITIALS_MAX_LENGTH = 3;

export function userRules(t: TFunction) {
  const required = z.string().check(z.trim(), z.minLength(1, t('validation.required')));
  return {
    required,
    /** Passwords are sent as typed, never trimmed. */
    password: z.string().check(z.minLength(1, t('validation.required'))),
    name: required.check(z.maxLength(120, t('validation.maxLength', { count: 120 }))),
    username: required.check(z.regex(/^[A-Za-z0-9._@-]{3,64}$/, t('validation.username'))),
    initials: required.check(z.regex(/^[\p{L}\p{N}]{1,3}$/u, t('validation.initials'))),
    /** A new account's: left empty, the server derives them from the name. */
    optionalInitials: z.pipe(
      z.string().check(z.trim(), z.regex(/^[\p{L}\p{N}]{0,3}$/u, t('validation.initials'))),
      z.transform((value: string) => value || undefined),
    ),
    newPassword: z
      .string()
      .check(
        z.minLength(1, t('validation.required')),
        z.minLength(8, t('validation.minLength', { count: 8 })),
        z.maxLength(256, t('validation.maxLength', { count: 256 })),
      ),
  };
}

/**
 * Where and how a refine reports a passwords mismatch (SPEC §5: on the confirmation field), even while
 * other fields fail: zod skips object checks after a failure unless told `when`.
 */
export const mismatchOnConfirmation = (t: TFunction) => ({
  path: ['confirmPassword'],
  message: t('validation.passwordsMismatch'),
  when: () => true,
});

const firstLetterOrDigit = (word: string) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '';

/**
 * The initials a new account gets from its name, as the server derives them (deriveInitials in
 * src/domain/users/user.ts): the first letters of the first and last words, uppercase. "Gonçalo Rodrigues" is GR.
 */
export function initialsFromName(name: string): string {
  const words = name
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .filter((word) => firstLetterOrDigit(word));
  if (words.length === 0) return '';
  const letters = firstLetterOrDigit(words[0]) + (words.length > 1 ? firstLetterOrDigit(words[words.length - 1]) : '');
  return letters.toLocaleUpperCase('pt-BR').slice(0, INITIALS_MAX_LENGTH);
}

/** Initials are shown uppercase and cut at three characters as they are typed. */
export const normalizeInitials = (value: string): string => value.toUpperCase().slice(0, INITIALS_MAX_LENGTH);

/** The fields of a password change, each with the browser's autocomplete hint. */
export const PASSWORD_CHANGE_FIELDS = [
  ['currentPassword', 'current-password'],
  ['newPassword', 'new-password'],
  ['confirmPassword', 'new-password'],
] as const;

/**
 * A password change as the profile and the temporary-password screen ask for it: the current password, a new
 * one, and its confirmation (matching, reported on the confirmation; not sent). With `mustDiffer`, a new
 * password equal to the current one is refused with that message.
 */
export function passwordChangeSchema(t: TFunction, options: { mustDiffer?: string } = {}) {
  const rules = userRules(t);
  const { mustDiffer } = options;
  const fields = z.object({
    currentPassword: rules.password,
    newPassword: rules.newPassword,
    confirmPassword: rules.password,
  });
  type Fields = z.output<typeof fields>;
  return z.pipe(
    fields.check(
      z.refine<Fields>(
        (values) => !values.confirmPassword || values.confirmPassword === values.newPassword,
        mismatchOnConfirmation(t),
      ),
      z.refine<Fields>(
        (values) => mustDiffer === undefined || !values.newPassword || values.newPassword !== values.currentPassword,
        {
          path: ['newPassword'],
          message: mustDiffer,
          when: () => true,
        },
      ),
    ),
    z.transform(({ confirmPassword: _confirm, ...input }: Fields) => input),
  );
}
