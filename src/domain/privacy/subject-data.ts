import type { Consent } from './consent';
import type { LegalBasisRecord } from './legal-basis';
import type { PrivacyRequest } from './privacy-request';

/** A record as the export shows it: its fields by their API names. */
export type SubjectRecord = Record<string, unknown>;

/**
 * Everything Funil holds about one person (LGPD Art. 18 II and V): what an access or portability request answers
 * with, section by section.
 */
export interface SubjectData {
  contact: SubjectRecord;
  company: SubjectRecord | null;
  legalBases: LegalBasisRecord[];
  consents: Consent[];
  /** The deals they are in (as the deal's contact or one of its people), with their role. */
  deals: SubjectRecord[];
  activities: SubjectRecord[];
  notes: SubjectRecord[];
  /** The history of the contact and of its records, oldest first. */
  timeline: SubjectRecord[];
  formSubmissions: SubjectRecord[];
  /** The imports that created or updated them. */
  importRows: SubjectRecord[];
  /** The messages written to them from templates (e-mail, WhatsApp), from the timeline. */
  templateMessages: SubjectRecord[];
  privacyRequests: PrivacyRequest[];
}

/** The sections of an export, in the order a person reads them. */
export const SUBJECT_SECTIONS = [
  'legalBases',
  'consents',
  'deals',
  'activities',
  'notes',
  'timeline',
  'formSubmissions',
  'importRows',
  'templateMessages',
  'privacyRequests',
] as const satisfies readonly (keyof SubjectData)[];

/** How many records of each kind an anonymization replaced or removed. */
export interface AnonymizedCounts {
  deals: number;
  activities: number;
  notes: number;
  noteRevisions: number;
  timeline: number;
  formSubmissions: number;
  importRows: number;
  consents: number;
  notifications: number;
  duplicateDismissals: number;
}

/** The name a contact keeps once anonymized. */
export const TOMBSTONE = 'Contato anonimizado';

/** The sections' sizes: what the confirmation names before anything goes. */
export function subjectSummary(data: SubjectData): Record<(typeof SUBJECT_SECTIONS)[number], number> {
  return Object.fromEntries(SUBJECT_SECTIONS.map((section) => [section, data[section].length])) as Record<
    (typeof SUBJECT_SECTIONS)[number],
    number
  >;
}
