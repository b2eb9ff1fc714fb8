import { foldedColumn, sortColumnOf, sortedPage, type SortColumn } from '../db/sorted-page';
import { inject, injectable } from 'inversify';
import { raw, type QueryBuilder } from 'objection';
import {
  DEFAULT_DEAL_CONTACT_ROLE,
  type Deal,
  type DealColumns,
  type DealContactLink,
  type DealFilter,
  type DealSortField,
  type NewDeal,
} from '../../domain/deals/deal';
import type { DealRepository } from '../../domain/deals/deals.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel, type BaseModel } from '../db/base.model';
import { containsPattern } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';
import { arrayBinding } from '../db/array-binding';

export const DealModel = tableModel('deals', { jsonAttributes: ['customFields'], hasUpdatedAt: true });
const DealContactModel = tableModel('deal_contacts', { idColumn: ['dealId', 'contactId'] });

/**
 * The board's filters on `table` (the deals' name or alias in the query), shared by the list and the
 * column totals so a filter narrows both alike.
 */
export function whereDealMatches(q: QueryBuilder<BaseModel>, filter: Omit<DealFilter, 'order'>, table = 'deals'): void {
  const col = (name: string) => `${table}.${name}`;
  if (filter.pipeline !== undefined) q.where(col('pipeline'), filter.pipeline);
  if (filter.stage !== undefined) q.where(col('stage'), filter.stage);
  if (filter.ownerId !== undefined) q.where(col('ownerId'), filter.ownerId);
  // Any person in the deal (deal_contacts_contact_id_index), not only the primary one.
  if (filter.contactId !== undefined)
    q.whereIn(col('id'), raw('SELECT l.deal_id FROM deal_contacts AS l WHERE l.contact_id = ?', [filter.contactId]));
  if (filter.companyId !== undefined) q.where(col('companyId'), filter.companyId);
  if (filter.search !== undefined) q.whereILike(col('title'), containsPattern(filter.search));
  if (filter.valueMin !== undefined) q.where(col('value'), '>=', filter.valueMin);
  if (filter.valueMax !== undefined) q.where(col('value'), '<=', filter.valueMax);
  if (filter.closeBy !== undefined) q.where(col('expectedCloseDate'), '<=', filter.closeBy);
  // deals_custom_fields_index (GIN, jsonb_path_ops) serves containment.
  if (filter.customFieldMatch)
    q.whereRaw('?? @> ?::jsonb', [col('customFields'), JSON.stringify(filter.customFieldMatch)]);
}

/** The columns a deals list can be ordered by (deals_*_sort_index and those named in their migration). */
const DEAL_SORT_COLUMNS: Record<DealSortField, SortColumn> = {
  title: foldedColumn('deals.title'),
  value: { sql: 'deals.value', cast: 'numeric' },
  probability: { sql: 'deals.probability', cast: 'int' },
  expectedCloseDate: { sql: 'deals.expected_close_date', cast: 'date' },
  createdAt: { sql: 'deals.created_at', cast: 'timestamptz' },
  updatedAt: { sql: 'deals.updated_at', cast: 'timestamptz' },
  closedAt: { sql: 'deals.closed_at', cast: 'timestamptz' },
};

@injectable()
export class KnexDealRepository extends KnexRecordStore<Deal, NewDeal, DealColumns> implements DealRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, DealModel, [
      'deals.*',
      referenced('contacts', 'name', 'deals.contactId', 'contactName'),
      referenced('users', 'name', 'deals.ownerId', 'ownerName'),
      referenced('companies', 'name', 'deals.companyId', 'companyName'),
      // The deal's people in the same statement, one probe of deal_contacts' key per deal: a page costs no extra query.
      raw(
        `coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'role', l.role, 'primary', l.is_primary)
                     ORDER BY l.is_primary DESC, l.created_at, c.id)
                   FROM deal_contacts AS l JOIN contacts AS c ON c.id = l.contact_id WHERE l.deal_id = deals.id),
                  '[]'::json) AS contacts`,
      ),
      // activities_deal_id_index: one probe per card. A scalar subquery with LIMIT 1, not EXISTS: the planner may
      // turn an EXISTS into a hashed subplan that reads every pending activity (100,000 in the bench, 17 ms) for
      // each page of 30 cards.
      raw(
        "coalesce((SELECT true FROM activities AS a WHERE a.deal_id = deals.id AND a.status = 'pending' LIMIT 1), false) AS has_pending_activity",
      ),
    ]);
  }

  /**
   * A contactId given is the primary link too (added with the default role); `links` are the deal's people, with
   * their roles (contactId then the primary one's).
   */
  override async createMany(values: NewDeal[]): Promise<Deal[]> {
    const created = await super.createMany(
      values.map(({ links, ...deal }) =>
        links ? { ...deal, contactId: links.find((link) => link.primary)?.contactId ?? null } : deal,
      ),
    );
    const people = created.map(
      (deal, i): DealContactLink[] =>
        values[i].links ??
        (deal.contactId === null
          ? []
          : [{ contactId: deal.contactId, role: DEFAULT_DEAL_CONTACT_ROLE, primary: true }]),
    );
    const withPeople = created.filter((_, i) => people[i].length > 0);
    if (!withPeople.length) return created;
    await DealContactModel.query(this.uow.db).insert(
      created.flatMap((deal, i) =>
        people[i].map((link) => ({
          dealId: deal.id,
          contactId: link.contactId,
          role: link.role,
          isPrimary: link.primary,
        })),
      ),
    );
    const reread = new Map(
      (
        await this.select().whereIn(
          'deals.id',
          withPeople.map((deal) => deal.id),
        )
      ).map((row) => [row.id, row]),
    );
    return created.map((deal) => (reread.has(deal.id) ? this.toRecord(reread.get(deal.id)!) : deal));
  }

  /**
   * `links` replace the deal's people and set contactId to the primary one's; a contactId alone makes that contact
   * the primary link (the one primary before stays in the deal). The links are written first, so the deal's row,
   * written last, answers with them.
   */
  override async update(id: number, { links, ...changes }: DealColumns): Promise<Deal> {
    if (links) {
      await this.replaceLinks(id, links);
      return super.update(id, { ...changes, contactId: links.find((link) => link.primary)?.contactId ?? null });
    }
    if (changes.contactId !== undefined) await this.makePrimary(id, changes.contactId);
    return super.update(id, changes);
  }

  async missingContacts(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const { rows } = await this.uow.db.raw<{ rows: { id: number }[] }>(
      'SELECT id FROM unnest(?::int[]) AS wanted (id) WHERE NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = wanted.id)',
      [arrayBinding(ids)],
    );
    return rows.map((row) => row.id);
  }

  /** Primary demoted first: the one-primary index is checked row by row, not at the end of the statement. */
  private async replaceLinks(dealId: number, links: DealContactLink[]): Promise<void> {
    const db = this.uow.db;
    await DealContactModel.query(db).patch({ isPrimary: false }).where({ dealId, isPrimary: true });
    await DealContactModel.query(db)
      .delete()
      .where({ dealId })
      .whereNotIn(
        'contactId',
        links.map((link) => link.contactId),
      );
    if (!links.length) return;
    // Someone already in the deal keeps when they were added (the order the deal lists them in).
    await DealContactModel.query(db)
      .insert(links.map((link) => ({ dealId, contactId: link.contactId, role: link.role, isPrimary: link.primary })))
      .onConflict(['dealId', 'contactId'])
      .merge(['role', 'isPrimary']);
  }

  private async makePrimary(dealId: number, contactId: number | null): Promise<void> {
    const db = this.uow.db;
    await DealContactModel.query(db)
      .patch({ isPrimary: false })
      .where({ dealId, isPrimary: true })
      .modify((q) => contactId !== null && q.whereNot({ contactId }));
    if (contactId === null) return;
    await DealContactModel.query(db)
      .insert({ dealId, contactId, role: DEFAULT_DEAL_CONTACT_ROLE, isPrimary: true })
      .onConflict(['dealId', 'contactId'])
      .merge(['isPrimary']);
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
    if (filter.sort)
      return sortedPage(query, page, filter.sort, sortColumnOf('deals', DEAL_SORT_COLUMNS, filter.sort), (row) =>
        this.toRecord(row),
      );
    // The board's order, served by deals_pipeline_stage_position_index.
    const byPosition =
      filter.order === 'position' ? { columns: ['deals.position', 'deals.id'], direction: 'asc' as const } : undefined;
    return this.page(query, page, byPosition);
  }
}
