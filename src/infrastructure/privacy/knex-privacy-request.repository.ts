import { inject, injectable } from 'inversify';
import type {
  NewPrivacyRequest,
  PrivacyRequest,
  PrivacyRequestChanges,
  PrivacyRequestStatus,
} from '../../domain/privacy/privacy-request';
import type { PrivacyRequestRepository } from '../../domain/privacy/privacy.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { referenced } from '../crm/knex-record-store';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const RequestModel = tableModel('privacyRequests', { hasUpdatedAt: true });

const COLUMNS = [
  'privacyRequests.id',
  'privacyRequests.contactId',
  referenced('contacts', 'name', 'privacyRequests.contactId', 'contactName'),
  'privacyRequests.kind',
  'privacyRequests.requesterName',
  'privacyRequests.status',
  'privacyRequests.dueAt',
  'privacyRequests.note',
  'privacyRequests.createdBy',
  referenced('users', 'name', 'privacyRequests.createdBy', 'createdByName'),
  'privacyRequests.createdAt',
  'privacyRequests.updatedAt',
  'privacyRequests.completedAt',
];

@injectable()
export class KnexPrivacyRequestRepository implements PrivacyRequestRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async create(values: NewPrivacyRequest): Promise<PrivacyRequest> {
    const [row] = await this.uow.db('privacyRequests').insert(values).returning('id');
    return (await this.get(row.id))!;
  }

  async get(id: number, options: { forUpdate?: boolean } = {}): Promise<PrivacyRequest | undefined> {
    if (options.forUpdate) await this.uow.db('privacyRequests').where({ id }).forUpdate().first('id');
    const found = await RequestModel.query(this.uow.db).select(COLUMNS).findById(id);
    return found ? plain<PrivacyRequest>(found) : undefined;
  }

  list(
    filter: { status?: PrivacyRequestStatus; contactId?: number },
    page: PageRequest,
  ): Promise<Page<PrivacyRequest>> {
    const query = RequestModel.query(this.uow.db)
      .select(COLUMNS)
      .modify((q) => {
        if (filter.status) q.where('privacyRequests.status', filter.status);
        if (filter.contactId) q.where('privacyRequests.contactId', filter.contactId);
      });
    return keysetPage(query, page, (row) => plain<PrivacyRequest>(row));
  }

  async update(id: number, changes: PrivacyRequestChanges & { completedAt?: Date | null }): Promise<PrivacyRequest> {
    await RequestModel.query(this.uow.db).findById(id).patch(changes);
    return (await this.get(id))!;
  }
}
