import type { Label } from '../custom-fields/custom-field';

/** The contact fields a form can ask for; besides these, `customFields.<key>` of the contacts' custom fields. */
export const FORM_CONTACT_FIELDS = ['name', 'email', 'phone', 'position', 'notes'] as const;
export type FormContactField = (typeof FORM_CONTACT_FIELDS)[number];
/** A form field: a contact field, or `customFields.<key>`. */
export type FormFieldName = FormContactField | `customFields.${string}`;

/** The field a person never sees (hidden by the snippets): a value in it is a bot's. */
export const FORM_HONEYPOT = 'website';
/** When the form was shown (ms since 1970, sent by the script and the hosted page): faster than this is a bot's. */
export const FORM_SHOWN_AT = '_t';
export const FORM_MIN_FILL_MS = 3_000;
/** Submissions per address and per form, each in its own window. */
export const FORM_RATE_PER_ADDRESS = { limit: 10, windowMs: 60_000 };
export const FORM_RATE_PER_FORM = { limit: 300, windowMs: 60_000 };
export const FORMS_MAX = 50;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

export interface FormField {
  field: FormFieldName;
  required: boolean;
  /** Shown above the input; absent: the field's own name in the page's language. */
  label?: Label;
}

export interface LeadForm {
  id: number;
  name: string;
  slug: string;
  fields: FormField[];
  /** Shown beside the consent box; null: the form asks for no consent. */
  consentText: string | null;
  /** Who gets the leads, in turn; one id: always that person; none: the form's author. */
  ownerIds: number[];
  thankYou: string | null;
  /** Where the browser goes after a submission (a plain HTML form); null: the thank-you message. */
  redirectUrl: string | null;
  /** The sites that may post it from their pages (origins); none: any. */
  allowedOrigins: string[];
  active: boolean;
  createdBy: number | null;
  submissions: number;
  createdAt: Date;
  updatedAt: Date;
}

export type LeadFormInput = Pick<LeadForm, 'name' | 'slug' | 'fields'> &
  Partial<Pick<LeadForm, 'consentText' | 'ownerIds' | 'thankYou' | 'redirectUrl' | 'allowedOrigins' | 'active'>>;

export type NewLeadForm = Omit<LeadForm, 'id' | 'submissions' | 'createdAt' | 'updatedAt'>;

/** What a submission brought: contact fields and custom field values by their form names, and the consent box. */
export interface Submission {
  values: Partial<Record<FormContactField, string>> & { customFields?: Record<string, unknown> };
  consent: boolean;
  /** The honeypot's value. */
  website?: string;
  /** When the page showed the form (ms). */
  shownAt?: number;
}

/** Who sent it and from where: kept with the consent. */
export interface SubmissionMeta {
  address: string | null;
  userAgent: string | null;
  origin: string | null;
}

export interface SubmissionResult {
  /** False for what the honeypot caught: answered like a success, kept nowhere. */
  kept: boolean;
  thankYou: string | null;
  redirectUrl: string | null;
}

export interface FormSubmissionRecord {
  id: number;
  contactId: number | null;
  contactName: string | null;
  created: boolean;
  consent: boolean;
  ownerId: number | null;
  createdAt: Date;
}

/** The labels a field has when the form gives none. */
export const DEFAULT_LABELS: Record<FormContactField, Label> = {
  name: { pt: 'Nome', en: 'Name' },
  email: { pt: 'E-mail', en: 'E-mail' },
  phone: { pt: 'Telefone', en: 'Phone' },
  position: { pt: 'Cargo', en: 'Job title' },
  notes: { pt: 'Mensagem', en: 'Message' },
};
