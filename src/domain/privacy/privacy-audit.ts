/**
 * The record of operations on personal data (LGPD Art. 37): every privacy action, and every read of personal data in
 * bulk. Append-only.
 */
export const AUDIT_ACTIONS = [
  'consent.recorded',
  'legal_basis.recorded',
  'request.created',
  'request.updated',
  'subject.exported',
  'subject.anonymized',
  'subject.deleted',
  'retention.rule_changed',
  'retention.kept',
  'contacts.exported',
  'companies.exported',
  'contacts.listed_by_api_key',
  'audit.exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did it and from where, as the request carried it. */
export interface AuditActor {
  userId: number;
  apiKeyName: string | null;
  address: string | null;
}

export interface AuditEntry {
  id: number;
  at: Date;
  userId: number | null;
  /** The name the person had when they did it. */
  userName: string | null;
  apiKeyName: string | null;
  address: string | null;
  action: AuditAction;
  contactId: number | null;
  requestId: number | null;
  /** What exactly: the filters of an export, a status changed, the counts of what an anonymization replaced. */
  detail: Record<string, unknown>;
}

export interface NewAuditEntry {
  action: AuditAction;
  contactId?: number | null;
  requestId?: number | null;
  detail?: Record<string, unknown>;
}
