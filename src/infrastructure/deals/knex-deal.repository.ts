import { inject, injectable } from 'inversify';
import { raw, type QueryBuilder } from 'objection';
import type { Deal, DealColumns, DealFilter, NewDeal } from '../../domain/deals/deal';
import type { DealRepository } from '../../domain/deals/deals.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel, type BaseModel } from '../db/base.model';
import { containsPattern } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';

export const DealModel = tableModel('deals', { hasUpdatedAt: true });

/**
 * The board's filters on `table` (the deals' name or alias in the query), shared by the list and the
 * column totals so a filter narrows both alike.
 */
export function whereDealMatches(q: QueryBuilder<BaseModel>, filter: Omit<DealFilter, 'order'>, table = 'deals'): void {
  const col = (name: string) => `${table}.${name}`;
  if (filter.pipeline !== undefined) q.where(col('pipeline'), filter.pipeline);
  if (filter.stage !== undefined) q.where(col('stage'), filter.stage);
  if (filter.ownerId !== undefined) q.where(col('ownerId'), filter.ownerId);
  if (filter.contactId !== undefined) q.where(col('contactId'), filter.contactId);
  if (filter.search !== undefined) q.whereILike(col('title'), containsPattern(filter.search));
  if (filter.valueMin !== undefined) q.where(col('value'), '>=', filter.valueMin);
  if (filter.valueMax !== undefined) q.where(col('value'), '<=', filter.valueMax);
  if (filter.closeBy !== undefined) q.where(col('expectedCloseDate'), '<=', filter.closeBy);
}

@injectable()
export class KnexDealRepository extends KnexRecordStore<Deal, NewDeal, DealColumns> implements DealRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, DealModel, [
      'deals.*',
      referenced('contacts', 'name', 'deals.contactId', 'contactName'),
      referenced('users', 'name', 'deals.ownerId', 'ownerName'),
      // activities_deal_id_index: one probe per card. A scalar subquery with LIMIT 1, not EXISTS: the planner may
      // turn an EXISTS into a hashed subplan that reads every pending activity (100,000 in the bench, 17 ms) for
      // each page of 30 cards.
      raw(
        "coalesce((SELECT true FROM activities AS a WHERE a.deal_id = deals.id AND a.status = 'pending' LIMIT 1), false) AS has_pending_activity",
      ),
    ]);
  }

  /** 'last': after the last card of the stage the deal is placed in, in the same statement. */
  protected override toColumns({ position, ...values }: DealColumns): object {
    if (position !== 'last') return position === undefined ? values : { ...values, position };
    const after = raw('(SELECT coalesce(max(d.position), 0) + 1 FROM deals d WHERE d.pipeline = ? AND d.stage = ?)', [
      values.pipeline!,
      values.stage!,
    ]);
    return { ...values, position: after };
  }

  list(filter: DealFilter, page: PageRequest): Promise<Page<Deal>> {
    const query = this.select().modify((q) => whereDealMatches(q, filter));
    // The board's order, served by deals_pipeline_stage_position_index.
    const byPosition =
      filter.order === 'position' ? { columns: ['deals.position', 'deals.id'], direction: 'asc' as const } : undefined;
    return this.page(query, page, byPosition);
  }
}
