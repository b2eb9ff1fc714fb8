/** What a data subject may ask of the controller (LGPD Art. 18). */
export const PRIVACY_REQUEST_KINDS = [
  'access',
  'correction',
  'deletion',
  'portability',
  'revocation',
  'information',
] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'refused'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** Art. 19 II: a complete answer to an access request within 15 days; the same default for every kind, editable. */
export const PRIVACY_REQUEST_DAYS = 15;

export interface PrivacyRequest {
  id: number;
  /** The contact the request is about; null once that contact was deleted (the request stays). */
  contactId: number | null;
  contactName: string | null;
  kind: PrivacyRequestKind;
  /** Who asked, as they identified themselves (the person, or their representative). */
  requesterName: string;
  status: PrivacyRequestStatus;
  dueAt: Date;
  note: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export type NewPrivacyRequest = Pick<PrivacyRequest, 'contactId' | 'kind' | 'requesterName' | 'dueAt' | 'note'> & {
  createdBy: number;
};
export type PrivacyRequestChanges = Partial<Pick<PrivacyRequest, 'status' | 'dueAt' | 'note'>>;

/** The default deadline of a request logged at `at`. */
export function defaultDueAt(at: Date): Date {
  return new Date(at.getTime() + PRIVACY_REQUEST_DAYS * 24 * 60 * 60 * 1000);
}

/** When a request ends: completed or refused (either sets completedAt). */
export function isClosed(status: PrivacyRequestStatus): boolean {
  return status === 'completed' || status === 'refused';
}
