import { z } from 'zod';
import { isCnpj } from '../../lib/cnpj';
import { optionalPhone, optionalText, requiredName } from '../../lib/record-schema';
import { COMPANY_SIZES, UFS, type CompanySize, type Uf } from './api/get-companies';
import { withScheme } from './company-format';

const isWebsite = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** As joi's domain() without TLD checks: labels of letters, digits and inner hyphens, at least two of them. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

// The server's bounds (companies.schemas.ts), checked here first so messages arrive translated; the server stays the
// authority (a CNPJ another company has comes back as a 409 on the field).
export function companySchema(t: (key: string, options?: Record<string, unknown>) => string) {
  const text = (max: number) => optionalText(t, max);
  return z.object({
    name: requiredName(t),
    cnpj: z
      .string()
      .trim()
      .refine((value) => value === '' || isCnpj(value), t('companies.form.invalidCnpj'))
      .transform((value) => value || null),
    tradeName: text(200),
    segment: text(100),
    size: z.enum(COMPANY_SIZES as [CompanySize, ...CompanySize[]]).nullable(),
    website: z
      .string()
      .trim()
      .transform(withScheme)
      .refine((value) => value === '' || (value.length <= 300 && isWebsite(value)), t('companies.form.invalidWebsite'))
      .transform((value) => value || null),
    emailDomain: z
      .string()
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/^@/, ''))
      .refine((value) => value === '' || DOMAIN.test(value), t('companies.form.invalidDomain'))
      .transform((value) => value || null),
    phone: optionalPhone(t),
    cep: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{5}-?\d{3}$/.test(value), t('companies.form.invalidCep'))
      .transform((value) => value || null),
    street: text(200),
    number: text(20),
    city: text(100),
    uf: z.enum(UFS as [Uf, ...Uf[]]).nullable(),
    tags: z.array(z.string()),
    notes: text(10_000),
    ownerId: z.number().nullable(),
    /** The version the dialog read (edit only): a save over someone else's comes back as a conflict. */
    updatedAt: z.string().optional(),
  });
}
