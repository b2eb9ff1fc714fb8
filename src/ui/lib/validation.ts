import type { TFunction } from 'i18next';

// The server's bounds (users.schemas.ts), checked first in the browser so messages arrive translated.
export const INITIALS_MAX_LENGTH = 3;
const USERNAME = /^[A-Za-z0-9._@-]{3,64}$/;
const INITIALS = /^[\p{L}\p{N}]{1,3}$/u;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
type Check = (value: string, t: TFunction) => string | undefined;

export const checkRequired: Check = (value, t) => (value.trim() ? undefined : t('validation.required'));

export const checkName: Check = (value, t) =>
  checkRequired(value, t) ?? (value.trim().length > 120 ? t('validation.maxLength', { count: 120 }) : undefined);

export const checkUsername: Check = (value, t) => checkRequired(value, t) ?? (USERNAME.test(value.trim()) ? undefined : t('validation.username'));

export const checkInitials: Check = (value, t) => checkRequired(value, t) ?? (INITIALS.test(value.trim()) ? undefined : t('validation.initials'));

export const checkNewPassword: Check = (value, t) => {
  if (!value) return t('validation.required');
  if (value.length < 8) return t('validation.minLength', { count: 8 });
  if (value.length > 256) return t('validation.maxLength', { count: 256 });
  return undefined;
};

/** SPEC §5: the passwords-mismatch message sits on the confirmation field. */
export const checkConfirmation = (confirmation: string, password: string, t: TFunction): string | undefined =>
  !confirmation ? t('validation.required') : confirmation !== password ? t('validation.passwordsMismatch') : undefined;

/** Keeps only the fields that failed. */
export function collectErrors<K extends string>(results: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(results).filter(([, message]) => message)) as FieldErrors<K>;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** Initials are shown uppercase and cut at three characters as they are typed. */
export const normalizeInitials = (value: string): string => value.toUpperCase().slice(0, INITIALS_MAX_LENGTH);
