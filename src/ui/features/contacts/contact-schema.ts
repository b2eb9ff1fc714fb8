import { z } from 'zod';
import { optionalPhone, optionalText, requiredName } from '../../lib/record-schema';
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
  const text = (max: number) => optionalText(t, max);
  return z.object({
    name: requiredName(t),
    email: z
      .string()
      .trim()
      .max(254, t('validation.maxLength', { count: 254 }))
      .refine((value) => value === '' || isEmail(value), t('validation.email'))
      .transform((value) => value || null),
    phone: optionalPhone(t),
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
