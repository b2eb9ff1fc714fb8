import { inject, injectable } from 'inversify';
import type { Window } from '../../domain/goals/calendar';
import type {
  ClosingDeals,
  DealList,
  HomeDeal,
  PersonCount,
  PersonDeals,
  RecentContact,
  SourceCount,
} from '../../domain/home/home';
import type { HomeRepository } from '../../domain/home/home.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Knex } from '../db/database';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/** A deal as the home lists it, from `d` (deals) joined to its contact `c` and owner `u`. */
const DEAL_COLUMNS = `
  d.id, d.title, d.value::text AS value, d.stage, d.pipeline, d.probability,
  to_char(d.expected_close_date, 'YYYY-MM-DD') AS "expectedCloseDate",
  d.contact_id AS "contactId", c.name AS "contactName", d.owner_id AS "ownerId", u.name AS "ownerName",
  d.updated_at AS "updatedAt"`;

/** An open deal: its stage is of kind open (won and lost ones have left the pipeline), as on the board. */
const OPEN_DEALS = `deals d JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage AND s.kind = 'open'`;

/** The owner's deals only, or everyone's (null): a statement of its own each, so each gets its own plan. */
const ownedBy = (ownerId: number | null): [string, Knex.RawBinding[]] =>
  ownerId === null ? ['', []] : ['AND d.owner_id = ?', [ownerId]];

/**
 * "No next step": the deal has no pending activity, as the board's card tells it (knex-deal.repository.ts's
 * has_pending_activity), probed through activities_pending_deal_index.
 */
const noNextStepSql = (owner: string) => `
  WITH found AS (
    SELECT d.id, d.updated_at FROM ${OPEN_DEALS}
    WHERE NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = d.id AND a.status = 'pending') ${owner}
  ),
  page AS (SELECT id FROM found ORDER BY updated_at, id LIMIT ?)
  SELECT ${DEAL_COLUMNS}, (SELECT count(*) FROM found)::int AS total
  FROM page JOIN deals d ON d.id = page.id
  LEFT JOIN contacts c ON c.id = d.contact_id LEFT JOIN users u ON u.id = d.owner_id
  ORDER BY d.updated_at, d.id`;

/** Served by deals_expected_close_date_index: a month of close dates. */
const closingSql = (owner: string) => `
  WITH found AS (
    SELECT d.id, d.value, d.expected_close_date FROM ${OPEN_DEALS}
    WHERE d.expected_close_date >= ?::date AND d.expected_close_date < ?::date ${owner}
  ),
  totals AS (SELECT count(*)::int AS count, coalesce(sum(value), 0)::numeric(16, 2)::text AS value FROM found),
  page AS (SELECT id FROM found ORDER BY expected_close_date, value DESC, id LIMIT ?)
  SELECT totals.count AS "totalCount", totals.value AS "totalValue", ${DEAL_COLUMNS}
  FROM totals
  LEFT JOIN page ON true
  LEFT JOIN deals d ON d.id = page.id
  LEFT JOIN contacts c ON c.id = d.contact_id LEFT JOIN users u ON u.id = d.owner_id
  ORDER BY d.expected_close_date, d.value DESC, d.id`;

/**
 * The latest entries about a contact (its own, its deals', activities', notes'), made by hand, one person's
 * through crm_timeline_user_contact_index, the team's newest first by id; the last SCAN of them are read, and
 * their contacts that still exist are answered, by their latest entry.
 */
const RECENT_SCAN = 500;
const recentContactsSql = (person: string) => `
  SELECT c.id, c.name, c.company, c.email, c.phone, c.status, r.touched_at AS "touchedAt"
  FROM (
    SELECT contact_id, max(id) AS last_id, max(at) AS touched_at
    FROM (
      SELECT t.contact_id, t.id, t.at FROM crm_timeline t
      WHERE t.contact_id IS NOT NULL AND t.import_id IS NULL AND NOT t.bulk ${person}
      ORDER BY t.id DESC LIMIT ${RECENT_SCAN}
    ) latest
    GROUP BY contact_id
  ) r
  JOIN contacts c ON c.id = r.contact_id
  ORDER BY r.last_id DESC
  LIMIT ?`;

/** Completed activities are counted by completion time, per assignee (activities_assignee_status_completed_index). */
const ACTIVITIES_DONE = `
  SELECT u.id AS "userId", u.name AS "userName", count(a.id)::int AS count
  FROM users u
  LEFT JOIN activities a ON a.assigned_to = u.id AND a.status = 'completed' AND a.completed_at >= ? AND a.completed_at < ?
  WHERE u.disabled_at IS NULL
  GROUP BY u.id, u.name
  ORDER BY count DESC, u.name, u.id`;

/**
 * Stale as the board's card says it: unchanged for more than the stage's stale days (board-position.ts); each open
 * stage's stale deals are a range of deals_stage_updated_at_index, which carries the owner and the value.
 */
const STALE_DEALS = `
  SELECT d.owner_id AS "userId", u.name AS "userName", count(*)::int AS count,
         sum(d.value)::numeric(16, 2)::text AS value
  FROM ${OPEN_DEALS}
  JOIN users u ON u.id = d.owner_id
  WHERE d.updated_at < ?::timestamptz - s.stale_days * interval '24 hours'
  GROUP BY d.owner_id, u.name
  ORDER BY count DESC, u.name, d.owner_id`;

/** As the lead-sources report groups them (contacts_created_at_source_status_index). */
const NEW_LEADS_LIMIT = 100;
const NEW_LEADS = `
  SELECT nullif(c.source, '') AS source, count(*)::int AS count
  FROM contacts c
  WHERE c.created_at >= ? AND c.created_at < ?
  GROUP BY nullif(c.source, '')
  ORDER BY count DESC, source NULLS LAST
  LIMIT ${NEW_LEADS_LIMIT}`;

type DealRow = Omit<HomeDeal, 'value'> & { value: string };
const toDeal = ({ value, ...row }: DealRow): HomeDeal => ({
  id: row.id,
  title: row.title,
  value: Number(value),
  stage: row.stage,
  pipeline: row.pipeline,
  probability: row.probability,
  expectedCloseDate: row.expectedCloseDate,
  contactId: row.contactId,
  contactName: row.contactName,
  ownerId: row.ownerId,
  ownerName: row.ownerName,
  updatedAt: row.updatedAt,
});

@injectable()
export class KnexHomeRepository implements HomeRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private async rows<T>(sql: string, bindings: Knex.RawBinding[]): Promise<T[]> {
    return ((await this.uow.db.raw(sql, bindings)) as { rows: T[] }).rows;
  }

  async noNextStep(ownerId: number | null, limit: number): Promise<DealList> {
    const [owner, ownerBindings] = ownedBy(ownerId);
    const rows = await this.rows<DealRow & { total: number }>(noNextStepSql(owner), [...ownerBindings, limit]);
    return { items: rows.map(toDeal), total: rows[0]?.total ?? 0 };
  }

  async closing(ownerId: number | null, days: { first: string; next: string }, limit: number): Promise<ClosingDeals> {
    const [owner, ownerBindings] = ownedBy(ownerId);
    const rows = await this.rows<DealRow & { totalCount: number; totalValue: string }>(closingSql(owner), [
      days.first,
      days.next,
      ...ownerBindings,
      limit,
    ]);
    return {
      count: rows[0]?.totalCount ?? 0,
      value: Number(rows[0]?.totalValue ?? 0),
      items: rows.filter((row) => row.id !== null).map(toDeal),
    };
  }

  async recentContacts(userId: number | null, limit: number): Promise<RecentContact[]> {
    const person: [string, Knex.RawBinding[]] = userId === null ? ['', []] : ['AND t.user_id = ?', [userId]];
    return this.rows<RecentContact>(recentContactsSql(person[0]), [...person[1], limit]);
  }

  activitiesDone(window: Window): Promise<PersonCount[]> {
    return this.rows<PersonCount>(ACTIVITIES_DONE, [window.since, window.until]);
  }

  async staleDeals(now: Date): Promise<PersonDeals[]> {
    const rows = await this.rows<Omit<PersonDeals, 'value'> & { value: string }>(STALE_DEALS, [now]);
    return rows.map((row) => ({ ...row, value: Number(row.value) }));
  }

  newLeads(window: Window): Promise<SourceCount[]> {
    return this.rows<SourceCount>(NEW_LEADS, [window.since, window.until]);
  }
}
