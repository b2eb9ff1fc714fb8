import { z } from 'zod';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// Pieces of the record forms' schemas (contacts, companies, activities): the server's bounds, checked first so
// messages arrive translated.

/** Optional text: trimmed, at most `max` characters, sent as null when empty. */
export const optionalText = (t: Translate, max: number) =>
  z
    .string()
    .trim()
    .max(max, t('validation.maxLength', { count: max }))
    .transform((value) => value || null);

/** A record's name: required, trimmed, at most `max` characters. */
export const requiredName = (t: Translate, max = 200) =>
  z
    .string()
    .trim()
    .min(1, t('validation.required'))
    .max(max, t('validation.maxLength', { count: max }));

/** As the server refuses it (domain/contacts/phone.ts): a phone has no letters. */
export const optionalPhone = (t: Translate) =>
  optionalText(t, 40).refine((value) => value === null || !/\p{L}/u.test(value), t('validation.phone'));
