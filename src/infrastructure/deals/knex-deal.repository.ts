import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { Deal, DealColumns, DealFilter, NewDeal } from '../../domain/deals/deal';
import type { DealRepository } from '../../domain/deals/deals.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';

export const DealModel = tableModel('deals', { hasUpdatedAt: true });

@injectable()
export class KnexDealRepository extends KnexRecordStore<Deal, NewDeal, DealColumns> implements DealRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, DealModel, [
      'deals.*',
      referenced('contacts', 'name', 'deals.contactId', 'contactName'),
      referenced('users', 'name', 'deals.ownerId', 'ownerName'),
    ]);
  }

  /** 'last': after the last card of the stage the deal is placed in, in the same statement. */
  protected override toColumns({ position, ...values }: DealColumns): object {
    if (position !== 'last') return position === undefined ? values : { ...values, position };
    const after = raw('(SELECT coalesce(max(d.position), 0) + 1 FROM deals d WHERE d.pipeline = ? AND d.stage = ?)', [values.pipeline!, values.stage!]);
    return { ...values, position: after };
  }

  list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>> {
    const query = this.select().modify((q) => {
      if (filter.pipeline !== undefined) q.where('deals.pipeline', filter.pipeline);
      if (filter.stage !== undefined) q.where('deals.stage', filter.stage);
      if (filter.ownerId !== undefined) q.where('deals.ownerId', filter.ownerId);
      if (filter.contactId !== undefined) q.where('deals.contactId', filter.contactId);
    });
    // The board's order, served by deals_pipeline_stage_position_index.
    const byPosition = filter.order === 'position' ? { columns: ['deals.position', 'deals.id'], direction: 'asc' as const } : undefined;
    return this.page(query, page, byPosition);
  }
}
