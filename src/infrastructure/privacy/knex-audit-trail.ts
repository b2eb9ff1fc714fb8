import { inject, injectable } from 'inversify';
import type { AuditActor, AuditEntry, NewAuditEntry } from '../../domain/privacy/privacy-audit';
import type { AuditTrail } from '../../domain/privacy/privacy.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const AuditModel = tableModel('privacyAudit');

/** The record of operations: one INSERT per entry, with the name the person has now (it is kept if they go). */
@injectable()
export class KnexAuditTrail implements AuditTrail {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async record(actor: AuditActor | null, entry: NewAuditEntry): Promise<void> {
    const db = this.uow.db;
    await db('privacyAudit').insert({
      userId: actor?.userId ?? null,
      userName: actor ? db('users').where({ id: actor.userId }).select('name') : null,
      apiKeyName: actor?.apiKeyName ?? null,
      address: actor?.address ?? null,
      action: entry.action,
      contactId: entry.contactId ?? null,
      requestId: entry.requestId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
    });
  }

  /** privacy_audit_request_index for a request's history; the primary key otherwise. */
  list(filter: { requestId?: number; contactId?: number }, page: PageRequest): Promise<Page<AuditEntry>> {
    const query = AuditModel.query(this.uow.db).modify((q) => {
      if (filter.requestId) q.where('privacyAudit.requestId', filter.requestId);
      if (filter.contactId) q.where('privacyAudit.contactId', filter.contactId);
    });
    return keysetPage(query, page, (row) => plain<AuditEntry>(row));
  }
}
