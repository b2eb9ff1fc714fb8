/**
 * Retention rules (LGPD Art. 15 and 16: data kept no longer than its purpose needs), each a kind of contact Funil can
 * find by itself, turned on by an admin with its period:
 * - inactive_leads: leads with nothing done for `months` (the contact, its activities, notes and deals unchanged);
 * - lost_deal_contacts: people whose deals were all lost, the last more than `months` ago.
 */
export const RETENTION_KINDS = ['inactive_leads', 'lost_deal_contacts'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_MONTHS_MAX = 600;

export interface RetentionRule {
  kind: RetentionKind;
  months: number;
  active: boolean;
  updatedBy: number | null;
  updatedAt: Date;
}

export type RetentionDecision = 'anonymized' | 'kept';

/** A contact a rule found, waiting for an admin (decision null), or decided. */
export interface RetentionCandidate {
  id: number;
  rule: RetentionKind;
  contactId: number;
  contactName: string;
  contactStatus: string;
  /** When the contact last changed (its own row). */
  contactUpdatedAt: Date;
  foundAt: Date;
  decision: RetentionDecision | null;
  decidedBy: number | null;
  decidedAt: Date | null;
}

/** The moment before which a rule's period began, counted back from `at`. */
export function retentionCutoff(at: Date, months: number): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}
