import { inject, injectable } from 'inversify';
import type { Deal, DealColumns, DealFilter, NewDeal } from '../../domain/deals/deal';
import type { DealRepository } from '../../domain/deals/deals.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';

export class DealModel extends BaseModel {
  static override tableName = 'deals';
  static override hasUpdatedAt = true;
}

@injectable()
export class KnexDealRepository extends KnexRecordStore<Deal, NewDeal, DealColumns> implements DealRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, DealModel, [
      'deals.*',
      referenced('contacts', 'name', 'deals.contactId', 'contactName'),
      referenced('users', 'name', 'deals.ownerId', 'ownerName'),
    ]);
  }

  list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>> {
    const query = this.select().modify((q) => {
      if (filter.pipeline !== undefined) q.where('deals.pipeline', filter.pipeline);
      if (filter.stage !== undefined) q.where('deals.stage', filter.stage);
      if (filter.ownerId !== undefined) q.where('deals.ownerId', filter.ownerId);
      if (filter.contactId !== undefined) q.where('deals.contactId', filter.contactId);
    });
    return this.page(query, page);
  }
}
