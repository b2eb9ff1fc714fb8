import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import type { Deal, DealColumns, DealFilter, NewDeal } from '../../domain/deals/deal';
import type { DealRepository } from '../../domain/deals/deals.ports';
import { keysetPage } from '../db/keyset-page';
import { KnexRecordStore } from '../crm/knex-record-store';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

@injectable()
export class KnexDealRepository extends KnexRecordStore<Deal, NewDeal, DealColumns> implements DealRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, 'deals');
  }

  protected selectRecord(db: Knex): Knex.QueryBuilder {
    return db('deals')
      .leftJoin('contacts as contact', 'contact.id', 'deals.contactId')
      .leftJoin('users as owner', 'owner.id', 'deals.ownerId')
      .select('deals.*', 'contact.name as contactName', 'owner.name as ownerName');
  }

  list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>> {
    const query = this.selectRecord(this.uow.db).modify((q) => {
      if (filter.pipeline !== undefined) q.where('deals.pipeline', filter.pipeline);
      if (filter.stage !== undefined) q.where('deals.stage', filter.stage);
      if (filter.ownerId !== undefined) q.where('deals.ownerId', filter.ownerId);
      if (filter.contactId !== undefined) q.where('deals.contactId', filter.contactId);
    });
    return keysetPage(query, 'deals.id', page, (row: Record<string, unknown>) => this.toRecord(row));
  }
}
