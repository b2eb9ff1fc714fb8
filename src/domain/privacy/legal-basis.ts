import type { ConsentSource } from './consent';

/** The legal bases for processing personal data that a CRM's contacts rest on (LGPD Art. 7). */
export const LEGAL_BASES = [
  'consent',
  'contract',
  'legitimate_interest',
  'legal_obligation',
  'credit_protection',
  'other',
] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];

/** A contact's legal basis as recorded: append-only, the latest record is the contact's basis. */
export interface LegalBasisRecord {
  id: number;
  contactId: number;
  basis: LegalBasis;
  /** How it was recorded: a web form, an import, a person by hand, an integration's API call. */
  source: ConsentSource;
  /** Why (the contract's number, the interest weighed): free text, optional. */
  note: string | null;
  recordedBy: number | null;
  recordedByName: string | null;
  createdAt: Date;
}

export type NewLegalBasisRecord = Omit<LegalBasisRecord, 'id' | 'recordedByName' | 'createdAt'>;
