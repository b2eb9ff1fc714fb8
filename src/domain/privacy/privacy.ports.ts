import type { Page, PageRequest } from '../shared/list-page';
import type { Consent, ConsentState, NewConsent } from './consent';
import type { LegalBasisRecord, NewLegalBasisRecord } from './legal-basis';
import type { AuditActor, AuditEntry, NewAuditEntry } from './privacy-audit';
import type { NewPrivacyRequest, PrivacyRequest, PrivacyRequestChanges, PrivacyRequestStatus } from './privacy-request';
import type { RetentionCandidate, RetentionDecision, RetentionKind, RetentionRule } from './retention';
import type { AnonymizedCounts, SubjectData } from './subject-data';

export interface ConsentRepository {
  add(values: NewConsent): Promise<Consent>;
  /** Newest first. */
  list(contactId: number, page: PageRequest): Promise<Page<Consent>>;
  /** Each channel's latest record. */
  state(contactId: number): Promise<ConsentState>;
  /** Whether the contact exists. */
  contactExists(contactId: number): Promise<boolean>;
  addBasis(values: NewLegalBasisRecord): Promise<LegalBasisRecord>;
  /** The contact's latest legal basis record, if any. */
  basis(contactId: number): Promise<LegalBasisRecord | null>;
}

export interface PrivacyRequestRepository {
  create(values: NewPrivacyRequest): Promise<PrivacyRequest>;
  get(id: number, options?: { forUpdate?: boolean }): Promise<PrivacyRequest | undefined>;
  /** Newest first. */
  list(filter: { status?: PrivacyRequestStatus; contactId?: number }, page: PageRequest): Promise<Page<PrivacyRequest>>;
  update(id: number, changes: PrivacyRequestChanges & { completedAt?: Date | null }): Promise<PrivacyRequest>;
}

/** Everything held about one person, read and replaced in one place. */
export interface SubjectDataRepository {
  /** The contact row locked for the rest of the transaction; undefined when it does not exist. */
  lockContact(contactId: number): Promise<{ id: number; name: string; anonymizedAt: Date | null } | undefined>;
  collect(contactId: number): Promise<SubjectData | undefined>;
  /** Replaces the person's identifying data everywhere with the tombstone, `by` this person; answers what it replaced. */
  anonymize(contactId: number, tombstone: string, at: Date, by: number | null): Promise<AnonymizedCounts>;
}

export interface AuditTrail {
  record(actor: AuditActor | null, entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  list(filter: { requestId?: number; contactId?: number }, page: PageRequest): Promise<Page<AuditEntry>>;
}

export interface RetentionRepository {
  rules(): Promise<RetentionRule[]>;
  updateRule(kind: RetentionKind, changes: { months?: number; active?: boolean }, by: number): Promise<RetentionRule>;
  /** Lists the rule's new candidates; answers how many. */
  scan(kind: RetentionKind, cutoff: Date, at: Date): Promise<number>;
  /** Waiting for a decision (newest first), or decided. */
  candidates(filter: { waiting: boolean }, page: PageRequest): Promise<Page<RetentionCandidate>>;
  /** Those of `ids` still waiting, locked for the decision. */
  waiting(ids: number[]): Promise<{ id: number; rule: RetentionKind; contactId: number }[]>;
  decide(ids: number[], decision: RetentionDecision, by: number, at: Date): Promise<void>;
}
