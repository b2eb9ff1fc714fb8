import type { Page, PageRequest } from '../shared/list-page';
import type { Role } from '../users/user';
import type { FormSubmissionRecord, LeadForm, LeadFormInput, NewLeadForm, Submission } from './lead-form';

export interface NewSubmission {
  formId: number;
  contactId: number;
  created: boolean;
  values: Submission['values'];
  consent: boolean;
  consentText: string | null;
  address: string | null;
  userAgent: string | null;
  origin: string | null;
  ownerId: number;
}

export interface LeadFormRepository {
  count(): Promise<number>;
  create(values: NewLeadForm): Promise<LeadForm>;
  findById(id: number): Promise<LeadForm | undefined>;
  /** An active form (its `submissions` not counted: 0). */
  findBySlug(slug: string): Promise<LeadForm | undefined>;
  slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  /** Newest first. */
  list(): Promise<LeadForm[]>;
  update(id: number, changes: Partial<LeadFormInput>, at: Date): Promise<LeadForm | undefined>;
  delete(id: number): Promise<boolean>;
  /** Of these users, the ones whose accounts are enabled, in the order given. */
  enabledUsers(ids: number[]): Promise<{ id: number; role: Role }[]>;
  /** Takes the form's next turn (one statement: two leads at once get two turns). */
  takeTurn(formId: number): Promise<number>;
  /** An enabled admin, for a form whose owners and author are all gone. */
  anyAdmin(): Promise<{ id: number; role: Role } | undefined>;
  /**
   * Holds the e-mail until the transaction ends (two submissions with one address make one contact), and finds the
   * contact that has it (case ignored; the oldest when several do).
   */
  lockEmail(email: string): Promise<number | undefined>;
  recordSubmission(values: NewSubmission): Promise<void>;
  /** Newest first. */
  submissions(formId: number, page: PageRequest): Promise<Page<FormSubmissionRecord>>;
}
