import { z } from 'zod';
import { CONTACT_STATUSES, type Contact } from './api/get-contacts';

const unicodeEmail = z.email({ pattern: z.regexes.unicodeEmail });

/**
 * As the server sees an email (joi, tlds off): accents allowed (joão@exemplo.com.br), a domain of at
 * least two non-empty parts. The server stays the authority for the rarer cases.
 */
export const isEmail = (value: string): boolean =>
  z.email().safeParse(value).success ||
  (unicodeEmail.safeParse(value).success && /^[^@\s]+@[^@.\s]+(\.[^@.\s]+)+$/u.test(value));

// The server's bounds (contacts.schemas.ts), checked here first so messages arrive translated.
export function contactSchema(t: (key: string, options?: Record<string, unknown>) => string) {
  const text = (max: number) =>
    z
      .string()
      .trim()
      .max(max, t('validation.maxLength', { count: max }))
      .transform((value) => value || null);
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(200, t('validation.maxLength', { count: 200 })),
    email: z
      .string()
      .trim()
      .max(254, t('validation.maxLength', { count: 254 }))
      .refine((value) => value === '' || isEmail(value), t('validation.email'))
      .transform((value) => value || null),
    // As the server refuses it (domain/contacts/phone.ts): a phone has no letters.
    phone: text(40).refine((value) => value === null || !/\p{L}/u.test(value), t('validation.phone')),
    // Its company's name is the server's (read-only); the contact takes the company's id.
    companyId: z.number().nullable(),
    position: text(200),
    source: text(100),
    status: z.enum(CONTACT_STATUSES as [Contact['status'], ...Contact['status'][]]),
    score: z
      .number(t('contacts.form.invalidScore'))
      .int(t('contacts.form.invalidScore'))
      .min(0, t('contacts.form.invalidScore'))
      .max(100, t('contacts.form.invalidScore')),
    tags: z.array(z.string()),
    notes: text(10_000),
    ownerId: z.number().nullable(),
    /** The version the dialog read (edit only): a save over someone else's comes back as a conflict. */
    updatedAt: z.string().optional(),
  });
}
