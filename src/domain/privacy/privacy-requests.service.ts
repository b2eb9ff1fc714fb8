import { inject, injectable } from 'inversify';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import { RecordNotFoundError } from '../crm/crm.errors';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { Clock } from '../shared/clock';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import { actorOf } from './consents.service';
import type { AuditActor, AuditEntry } from './privacy-audit';
import {
  defaultDueAt,
  isClosed,
  type PrivacyRequest,
  type PrivacyRequestChanges,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from './privacy-request';
import { AlreadyAnonymizedError, PrivacyRequestNotFoundError } from './privacy.errors';
import type { AuditTrail, PrivacyRequestRepository, SubjectDataRepository } from './privacy.ports';
import { AUDIT_TRAIL, PRIVACY_REQUEST_REPOSITORY, SUBJECT_DATA_REPOSITORY } from './privacy.tokens';
import { subjectSummary, TOMBSTONE, type AnonymizedCounts, type SubjectData } from './subject-data';

export interface NewRequestInput {
  contactId: number;
  kind: PrivacyRequestKind;
  requesterName: string;
  dueAt?: Date;
  note?: string | null;
}

/**
 * Data subjects' requests (LGPD Art. 18), for admins: logged with a deadline, answered with an export of everything
 * held about the person or with an anonymization, each step in the audit trail, which is the request's history.
 */
@injectable()
export class PrivacyRequestsService {
  constructor(
    @inject(PRIVACY_REQUEST_REPOSITORY) private readonly requests: PrivacyRequestRepository,
    @inject(SUBJECT_DATA_REPOSITORY) private readonly subjects: SubjectDataRepository,
    @inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(CONTACTS_SERVICE) private readonly contacts: Pick<ContactsService, 'remove'>,
  ) {}

  create(actor: AuditActor, input: NewRequestInput): Promise<PrivacyRequest> {
    return this.uow.run(async () => {
      if (!(await this.subjects.lockContact(input.contactId)))
        throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
      const request = await this.requests.create({
        contactId: input.contactId,
        kind: input.kind,
        requesterName: input.requesterName,
        dueAt: input.dueAt ?? defaultDueAt(this.clock.now()),
        note: input.note ? input.note : null,
        createdBy: actor.userId,
      });
      await this.audit.record(actor, {
        action: 'request.created',
        contactId: input.contactId,
        requestId: request.id,
        detail: { kind: request.kind, dueAt: request.dueAt.toISOString() },
      });
      return request;
    });
  }

  list(
    filter: { status?: PrivacyRequestStatus; contactId?: number },
    page: PageRequest,
  ): Promise<Page<PrivacyRequest>> {
    return this.requests.list(filter, page);
  }

  async get(id: number): Promise<PrivacyRequest & { history: AuditEntry[] }> {
    const request = await this.requests.get(id);
    if (!request) throw new PrivacyRequestNotFoundError();
    const history = await this.audit.list({ requestId: id }, { limit: 100 });
    return { ...request, history: history.items };
  }

  /** A status change closes the request (completed, refused) or reopens it; each change is in its history. */
  update(actor: AuditActor, id: number, changes: PrivacyRequestChanges): Promise<PrivacyRequest> {
    return this.uow.run(async () => {
      const current = await this.requests.get(id, { forUpdate: true });
      if (!current) throw new PrivacyRequestNotFoundError();
      const closing = changes.status !== undefined && isClosed(changes.status) !== isClosed(current.status);
      const updated = await this.requests.update(id, {
        ...changes,
        ...(changes.note !== undefined && { note: changes.note ? changes.note : null }),
        ...(closing && { completedAt: isClosed(changes.status!) ? this.clock.now() : null }),
      });
      const detail: Record<string, unknown> = {};
      for (const field of ['status', 'dueAt', 'note'] as const) {
        if (changes[field] === undefined) continue;
        const before = current[field] instanceof Date ? current[field].toISOString() : current[field];
        const after = updated[field] instanceof Date ? updated[field].toISOString() : updated[field];
        if (before !== after) detail[field] = { from: before, to: after };
      }
      if (Object.keys(detail).length > 0)
        await this.audit.record(actor, {
          action: 'request.updated',
          contactId: current.contactId,
          requestId: id,
          detail,
        });
      return updated;
    });
  }

  /** Everything held about the request's person, the export recorded in the request's history. */
  export(actor: AuditActor, id: number, format: 'json' | 'html'): Promise<SubjectData & { request: PrivacyRequest }> {
    return this.uow.run(async () => {
      const request = await this.requests.get(id);
      if (!request) throw new PrivacyRequestNotFoundError();
      const data = request.contactId === null ? undefined : await this.subjects.collect(request.contactId);
      if (!data) throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
      await this.audit.record(actor, {
        action: 'subject.exported',
        contactId: request.contactId,
        requestId: id,
        detail: { format, ...subjectSummary(data) },
      });
      return { ...data, request };
    });
  }

  /** What an anonymization would replace: the sizes of the person's records, for the confirmation. */
  async summary(contactId: number): Promise<ReturnType<typeof subjectSummary> & { anonymizedAt: Date | null }> {
    const data = await this.subjects.collect(contactId);
    if (!data) throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
    return { ...subjectSummary(data), anonymizedAt: (data.contact.anonymizedAt as Date | null) ?? null };
  }

  /**
   * Replaces the person's identifying data with a tombstone, in one transaction: the contact row, the text of their
   * records that names them, what forms and imports kept of them. Deal values, stages and dates stay, so reports read
   * the same. Never undone: an anonymized contact is a 409. With a request of theirs, the request is completed.
   */
  anonymize(actor: AuditActor, contactId: number, requestId?: number): Promise<AnonymizedCounts> {
    return this.uow.run(async () => {
      const contact = await this.subjects.lockContact(contactId);
      if (!contact) throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
      if (contact.anonymizedAt) throw new AlreadyAnonymizedError(contact.anonymizedAt);
      const request = requestId === undefined ? undefined : await this.requests.get(requestId, { forUpdate: true });
      if (requestId !== undefined && (!request || request.contactId !== contactId))
        throw new PrivacyRequestNotFoundError();
      const counts = await this.subjects.anonymize(contactId, TOMBSTONE, this.clock.now(), actor.userId);
      await this.audit.record(actor, {
        action: 'subject.anonymized',
        contactId,
        requestId: requestId ?? null,
        detail: { ...counts },
      });
      if (request) await this.complete(actor, contactId, request.id);
      return counts;
    });
  }

  /**
   * Deletion at the person's request: their data anonymized everywhere as above, then the contact deleted as any
   * contact is (its notes, consents and links go; deals and activities stay without it, so figures stay), in one
   * transaction. The history keeps a "deleted" entry under the tombstone's name, and integrations are told of it.
   */
  erase(viewer: Viewer, address: string | null, contactId: number, requestId?: number): Promise<AnonymizedCounts> {
    const actor = actorOf(viewer, address);
    return this.uow.run(async () => {
      const contact = await this.subjects.lockContact(contactId);
      if (!contact) throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
      const counts = contact.anonymizedAt ? emptyCounts() : await this.anonymize(actor, contactId, requestId);
      if (contact.anonymizedAt && requestId !== undefined) await this.complete(actor, contactId, requestId);
      await this.audit.record(actor, { action: 'subject.deleted', contactId, requestId: requestId ?? null });
      await this.contacts.remove(viewer, contactId);
      return counts;
    });
  }

  auditTrail(filter: { requestId?: number; contactId?: number }, page: PageRequest): Promise<Page<AuditEntry>> {
    return this.audit.list(filter, page);
  }

  /** Records a read of personal data in bulk (an export, a list read by API key). */
  recordRead(
    actor: AuditActor,
    action: 'contacts.exported' | 'companies.exported' | 'contacts.listed_by_api_key' | 'audit.exported',
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(actor, { action, detail });
  }

  /** Marks the person's request completed (it was answered), in its history; a closed one stays as it is. */
  private async complete(actor: AuditActor, contactId: number, requestId: number): Promise<void> {
    const request = await this.requests.get(requestId, { forUpdate: true });
    if (!request || request.contactId !== contactId) throw new PrivacyRequestNotFoundError();
    if (isClosed(request.status)) return;
    await this.requests.update(request.id, { status: 'completed', completedAt: this.clock.now() });
    await this.audit.record(actor, {
      action: 'request.updated',
      contactId,
      requestId: request.id,
      detail: { status: { from: request.status, to: 'completed' } },
    });
  }
}

function emptyCounts(): AnonymizedCounts {
  return {
    deals: 0,
    activities: 0,
    notes: 0,
    noteRevisions: 0,
    timeline: 0,
    formSubmissions: 0,
    importRows: 0,
    consents: 0,
    notifications: 0,
    duplicateDismissals: 0,
  };
}
