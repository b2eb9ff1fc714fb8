import { z } from 'zod';
import type { CustomField } from '../../lib/api/custom-fields';
import type { LeadForm } from './api/get-lead-forms';
import type { NewLeadForm } from './api/lead-form-mutations';

type T = (key: string, options?: Record<string, unknown>) => string;

// What the forms settings send, as pure functions: the slug made from the name, the fields a form may ask for, the
// form's checks (the server's bounds, forms.router.ts and forms.service.ts, checked here first so messages arrive
// translated) and the body sent.

/** The contact fields a form can ask for; besides these, `customFields.<key>` of the contacts' custom fields. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'position', 'notes'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** Every form asks for these, required: a lead is a contact with a name, found again by its e-mail. */
export const LOCKED_FIELDS: readonly string[] = ['name', 'email'];

/** What the visitor reads above a field the form gives no label (the server's DEFAULT_LABELS, lead-form.ts). */
export const DEFAULT_LABELS: Record<ContactField, { pt: string; en: string }> = {
  name: { pt: 'Nome', en: 'Name' },
  email: { pt: 'E-mail', en: 'E-mail' },
  phone: { pt: 'Telefone', en: 'Phone' },
  position: { pt: 'Cargo', en: 'Job title' },
  notes: { pt: 'Mensagem', en: 'Message' },
};

export const NAME_MAX = 100;
export const SLUG_MAX = 60;
export const LABEL_MAX = 100;
export const CONSENT_MAX = 1000;
export const THANK_YOU_MAX = 500;
export const URL_MAX = 2000;
export const FIELDS_MAX = 30;
export const ORIGINS_MAX = 20;
const ORIGIN_MAX = 200;
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const CUSTOM_PREFIX = 'customFields.';
export const customKeyOf = (field: string): string | null =>
  field.startsWith(CUSTOM_PREFIX) ? field.slice(CUSTOM_PREFIX.length) : null;
export const isContactField = (field: string): field is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(field);

/** "Orçamento — Site 2025!" -> "orcamento-site-2025": lower-case ASCII letters, digits and single dashes, at most 60. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** The slug once the name changed: it follows the name while it is still what the old name made, and stays once typed. */
export const followSlug = (slug: string, before: string, after: string): string =>
  slug === slugFrom(before) ? slugFrom(after) : slug;

export interface FieldRow {
  field: string;
  required: boolean;
  /** Empty in both languages: the field's own name (DEFAULT_LABELS, or a custom field's label). */
  label: { pt: string; en: string };
}

/** A row for a field added to the list: a custom field starts with its own labels (the page would show its key). */
export function newFieldRow(field: string, custom: readonly CustomField[]): FieldRow {
  const key = customKeyOf(field);
  const definition = key === null ? undefined : custom.find((c) => c.key === key);
  return {
    field,
    required: LOCKED_FIELDS.includes(field) || !!definition?.required,
    label: definition ? { pt: definition.label.pt, en: definition.label.en } : { pt: '', en: '' },
  };
}

/** The fields a form may still add: the contact fields and the offered contact custom fields not in it yet. */
export function fieldsToAdd(rows: readonly FieldRow[], custom: readonly CustomField[]): string[] {
  const taken = new Set(rows.map((row) => row.field));
  return [...CONTACT_FIELDS, ...custom.filter((c) => !c.retired).map((c) => `${CUSTOM_PREFIX}${c.key}`)].filter(
    (field) => !taken.has(field),
  );
}

/** The custom fields contacts require: a form must ask for them, or its leads could not be saved. */
const requiredCustom = (custom: readonly CustomField[]) => custom.filter((c) => c.required && !c.retired);

/** Whether a row may be removed or made optional: name, e-mail and the custom fields contacts require stay. */
export const isLocked = (field: string, custom: readonly CustomField[]): boolean =>
  LOCKED_FIELDS.includes(field) || requiredCustom(custom).some((c) => `${CUSTOM_PREFIX}${c.key}` === field);

/** The rows with the one at `from` moved to `to`. */
export function moveRow<R>(rows: readonly R[], from: number, to: number): R[] {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The sites' lines as origins (`https://www.site.com.br`), or the first line that is not one. */
export function parseOrigins(text: string): { origins: string[] } | { invalid: string } {
  const origins: string[] = [];
  for (const line of text.split(/[\n,]+/).map((l) => l.trim())) {
    if (!line) continue;
    const url = URL.canParse(line) ? new URL(line) : null;
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin.length > ORIGIN_MAX)
      return { invalid: line };
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return { origins };
}

export type AfterSending = 'message' | 'redirect';

export function leadFormSchema(t: T, custom: readonly CustomField[]) {
  const required = t('validation.required');
  const tooLong = (count: number) => t('validation.maxLength', { count });
  const label = z.string().trim().max(LABEL_MAX, tooLong(LABEL_MAX));
  return z
    .object({
      name: z.string().trim().min(1, required).max(NAME_MAX, tooLong(NAME_MAX)),
      slug: z
        .string()
        .trim()
        .min(1, required)
        .max(SLUG_MAX, tooLong(SLUG_MAX))
        .regex(SLUG_PATTERN, t('leadForms.validation.slug')),
      fields: z
        .array(z.object({ field: z.string(), required: z.boolean(), label: z.object({ pt: label, en: label }) }))
        .max(FIELDS_MAX, t('leadForms.validation.tooManyFields', { count: FIELDS_MAX })),
      consentText: z.string().trim().max(CONSENT_MAX, tooLong(CONSENT_MAX)),
      ownerIds: z.array(z.number()),
      after: z.enum(['message', 'redirect']),
      thankYou: z.string().trim().max(THANK_YOU_MAX, tooLong(THANK_YOU_MAX)),
      redirectUrl: z.string().trim().max(URL_MAX, tooLong(URL_MAX)),
      allowedOrigins: z.string(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      const present = new Set(values.fields.map((row) => row.field));
      const missing = [...LOCKED_FIELDS, ...requiredCustom(custom).map((c) => `${CUSTOM_PREFIX}${c.key}`)].filter(
        (field) => !present.has(field) || !values.fields.find((row) => row.field === field)?.required,
      );
      if (missing.length) issue(['fields'], t('leadForms.validation.fieldsNeeded'));
      values.fields.forEach((row, index) => {
        const { pt, en } = row.label;
        // The server takes a label in both languages or none.
        if (pt && !en) issue(['fields', index, 'label', 'en'], t('leadForms.validation.bothLabels'));
        if (en && !pt) issue(['fields', index, 'label', 'pt'], t('leadForms.validation.bothLabels'));
      });
      if (values.after === 'redirect') {
        const problem = redirectProblem(values.redirectUrl);
        if (problem) issue(['redirectUrl'], problem === 'required' ? required : t(`leadForms.validation.${problem}`));
      }
      const origins = parseOrigins(values.allowedOrigins);
      if ('invalid' in origins) issue(['allowedOrigins'], t('leadForms.validation.origin', { value: origins.invalid }));
      else if (origins.origins.length > ORIGINS_MAX)
        issue(['allowedOrigins'], t('leadForms.validation.tooManyOrigins', { count: ORIGINS_MAX }));
    });
}

/** An https address (http only to this machine: production refuses it, and a visitor's browser may warn). */
function redirectProblem(value: string): 'required' | 'urlInvalid' | 'urlHttps' | null {
  if (!value) return 'required';
  if (!URL.canParse(value)) return 'urlInvalid';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'urlInvalid';
  return url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname) ? 'urlHttps' : null;
}

export type LeadFormInput = z.input<ReturnType<typeof leadFormSchema>>;
export type LeadFormValues = z.output<ReturnType<typeof leadFormSchema>>;

/** The dialog's values: the form's, or a new form's (name, e-mail and the custom fields contacts require). */
export function formValuesOf(form: LeadForm | null, custom: readonly CustomField[]): LeadFormInput {
  if (!form)
    return {
      name: '',
      slug: '',
      fields: [...LOCKED_FIELDS, ...requiredCustom(custom).map((c) => `${CUSTOM_PREFIX}${c.key}`)].map((field) =>
        newFieldRow(field, custom),
      ),
      consentText: '',
      ownerIds: [],
      after: 'message',
      thankYou: '',
      redirectUrl: '',
      allowedOrigins: '',
    };
  return {
    name: form.name,
    slug: form.slug,
    fields: form.fields.map((row) => ({
      field: row.field ?? '',
      required: row.required ?? false,
      label: { pt: row.label?.pt ?? '', en: row.label?.en ?? '' },
    })),
    consentText: form.consentText ?? '',
    ownerIds: form.ownerIds,
    after: form.redirectUrl ? 'redirect' : 'message',
    thankYou: form.thankYou ?? '',
    redirectUrl: form.redirectUrl ?? '',
    allowedOrigins: form.allowedOrigins.join('\n'),
  };
}

/** What is sent for the checked values (create, or the whole form again on edit): empty texts as null. */
export function bodyOf(values: LeadFormValues): Omit<NewLeadForm, 'active'> {
  const origins = parseOrigins(values.allowedOrigins);
  return {
    name: values.name,
    slug: values.slug,
    fields: values.fields.map(({ field, required, label }) => ({
      field,
      required,
      ...(label.pt && label.en && { label }),
    })),
    consentText: values.consentText || null,
    ownerIds: values.ownerIds,
    thankYou: values.after === 'message' ? values.thankYou || null : null,
    redirectUrl: values.after === 'redirect' ? values.redirectUrl : null,
    allowedOrigins: 'origins' in origins ? origins.origins : [],
  };
}
