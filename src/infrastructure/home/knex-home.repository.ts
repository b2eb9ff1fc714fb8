import { inject, injectable } from 'inversify';
import type { Window } from '../../domain/goals/calendar';
import type {
  Agenda,
  AgendaQuery,
  ClosingDeals,
  DealList,
  HomeDeal,
  PersonCount,
  RecentContact,
  TeamFigures,
} from '../../domain/home/home';
import type { HomeRepository } from '../../domain/home/home.ports';
import { DEFAULT_REMINDER_MINUTES } from '../../domain/notifications/notification';
import { TOTAL_CAP } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Knex } from '../db/database';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/** A deal as the home lists it, from `d` (deals) joined to its contact `c` and owner `u`. */
const DEAL_COLUMNS = `
  d.id, d.title, d.value::text AS value, d.stage, d.pipeline, d.probability,
  to_char(d.expected_close_date, 'YYYY-MM-DD') AS "expectedCloseDate",
  d.contact_id AS "contactId", c.name AS "contactName", d.owner_id AS "ownerId", u.name AS "ownerName",
  d.updated_at AS "updatedAt"`;

/** A timestamptz as JSON.stringify writes the Date pg reads from it (milliseconds, cut, not rounded; UTC). */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An activity as the activities list answers it (knex-activity.repository.ts), built as JSON by the database: its
 * columns in the table's order, the names it refers to, its reminder lead time (no choice row: the default; a row with
 * null minutes: none). Parsing 100 rows of 19 columns (four timestamps each) and renaming their keys cost the API
 * about 1 ms of CPU per agenda; one JSON value costs a tenth of that. The home's tests hold the agenda's items equal
 * to that list's, so a column added to activities and not here fails them.
 */
const ACTIVITY_JSON = `json_build_object(
  'id', a.id, 'type', a.type, 'subject', a.subject, 'description', a.description, 'status', a.status,
  'priority', a.priority, 'dueDate', ${isoTime('a.due_date')}, 'completedAt', ${isoTime('a.completed_at')},
  'duration', a.duration, 'contactId', a.contact_id, 'dealId', a.deal_id, 'assignedTo', a.assigned_to,
  'createdBy', a.created_by, 'createdAt', ${isoTime('a.created_at')}, 'updatedAt', ${isoTime('a.updated_at')},
  'companyId', a.company_id,
  'contactName', (SELECT r.name FROM contacts r WHERE r.id = a.contact_id),
  'dealTitle', (SELECT r.title FROM deals r WHERE r.id = a.deal_id),
  'companyName', (SELECT r.name FROM companies r WHERE r.id = a.company_id),
  'assignedToName', (SELECT r.name FROM users r WHERE r.id = a.assigned_to),
  'reminderMinutes', (SELECT CASE WHEN count(*) = 0 THEN ${DEFAULT_REMINDER_MINUTES} ELSE max(c.minutes) END
                      FROM activity_reminder_choices c WHERE c.activity_id = a.id))`;

/**
 * The agenda in one statement and one JSON value: per list its first page in the list's order (due first) and its
 * total, counted as the activities list counts a filtered one (at most TOTAL_CAP + 1 rows read). A person's lists are
 * ranges of activities_assignee_status_due_index, the team's of activities_pending_due_index.
 */
const agendaSql = (who: string) => {
  const list = (due: string) => `json_build_object(
    'items', coalesce((
      SELECT json_agg(p.item ORDER BY p.due_date, p.id) FROM (
        SELECT a.id, a.due_date, ${ACTIVITY_JSON} AS item FROM activities a
        WHERE a.status = 'pending' AND ${due} ${who} ORDER BY a.due_date, a.id LIMIT ?
      ) p), '[]'),
    'total', (SELECT least(count(*), ${TOTAL_CAP})::int FROM (
      SELECT 1 FROM activities a WHERE a.status = 'pending' AND ${due} ${who} LIMIT ${TOTAL_CAP + 1}) c))`;
  return `SELECT json_build_object('overdue', ${list('a.due_date < ?')},
                                   'today', ${list('a.due_date >= ? AND a.due_date < ?')}) AS agenda`;
};

/** An open deal: its stage is of kind open (won and lost ones have left the pipeline), as on the board. */
const OPEN_DEALS = `deals d JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage AND s.kind = 'open'`;

/** The owner's deals only, or everyone's (null): a statement of its own each, so each gets its own plan. */
const ownedBy = (ownerId: number | null): [string, Knex.RawBinding[]] =>
  ownerId === null ? ['', []] : ['AND d.owner_id = ?', [ownerId]];

/**
 * "No next step": the deal has no pending activity, as the board's card tells it (knex-deal.repository.ts's
 * has_pending_activity), probed through activities_pending_deal_index. The page walks each open stage's deals
 * longest unchanged first (deals_stage_updated_at_index for the team, deals_owner_stage_updated_at_index for a
 * person) until it has found a page; the total adds up deal_next_step_totals, which triggers keep.
 */
const noNextStepSql = (owner: string, totalOwner: string) => `
  WITH page AS (
    SELECT x.id FROM pipeline_stages s
    CROSS JOIN LATERAL (
      SELECT d.id, d.updated_at FROM deals d
      WHERE d.pipeline = s.pipeline AND d.stage = s.stage ${owner}
        AND NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = d.id AND a.status = 'pending')
      ORDER BY d.updated_at, d.id LIMIT ?
    ) x
    WHERE s.kind = 'open'
    ORDER BY x.updated_at, x.id LIMIT ?
  ),
  total AS (
    SELECT coalesce(sum(t.no_next_step), 0)::int AS total FROM deal_next_step_totals t
    JOIN pipeline_stages s ON s.pipeline = t.pipeline AND s.stage = t.stage AND s.kind = 'open'
    ${totalOwner}
  )
  SELECT ${DEAL_COLUMNS}, total.total
  FROM total
  LEFT JOIN (page JOIN deals d ON d.id = page.id
             LEFT JOIN contacts c ON c.id = d.contact_id LEFT JOIN users u ON u.id = d.owner_id) ON true
  ORDER BY d.updated_at, d.id`;

/** Served by deals_expected_close_date_index: a month of close dates. */
const closingSql = (owner: string) => `
  WITH found AS (
    SELECT d.id, d.value, d.expected_close_date FROM ${OPEN_DEALS}
    WHERE d.pipeline = ? AND d.expected_close_date >= ?::date AND d.expected_close_date < ?::date ${owner}
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
  SELECT g.owner_id AS "userId", u.name AS "userName", g.count::int AS count, g.value::numeric(16, 2)::text AS value
  FROM (
    SELECT d.owner_id, count(*) AS count, sum(d.value) AS value
    FROM pipeline_stages s
    JOIN deals d ON d.pipeline = s.pipeline AND d.stage = s.stage
    WHERE s.kind = 'open' AND d.updated_at < ?::timestamptz - s.stale_days * interval '24 hours'
    GROUP BY d.owner_id
  ) g
  JOIN users u ON u.id = g.owner_id
  ORDER BY g.count DESC, u.name, g.owner_id`;

/** As the lead-sources report groups them (contacts_created_at_source_status_index). */
const NEW_LEADS_LIMIT = 100;
const NEW_LEADS = `
  SELECT nullif(c.source, '') AS source, count(*)::int AS count
  FROM contacts c
  WHERE c.created_at >= ? AND c.created_at < ?
  GROUP BY nullif(c.source, '')
  ORDER BY count DESC, source NULLS LAST
  LIMIT ${NEW_LEADS_LIMIT}`;

/**
 * The team section's three lists in one statement (one round trip, one connection of the pool), each a JSON array
 * in its list's order. Bindings: the week for the activities done, now for the stale deals, the week for the new leads.
 */
const TEAM = `
  SELECT
    (SELECT coalesce(json_agg(x ORDER BY x.count DESC, x."userName", x."userId"), '[]') FROM (${ACTIVITIES_DONE}) x) AS "activitiesDoneThisWeek",
    (SELECT coalesce(json_agg(x ORDER BY x.count DESC, x."userName", x."userId"), '[]') FROM (${STALE_DEALS}) x) AS "staleDeals",
    (SELECT coalesce(json_agg(x ORDER BY x.count DESC, x.source NULLS LAST), '[]') FROM (${NEW_LEADS}) x) AS "newLeadsThisWeek"`;

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

  async agenda(query: AgendaQuery, limit: number): Promise<Agenda> {
    const who: string[] = [];
    const whoBindings: Knex.RawBinding[] = [];
    if (query.assignedTo !== null) {
      who.push('AND a.assigned_to = ?');
      whoBindings.push(query.assignedTo);
    }
    if (query.involving !== undefined) {
      who.push('AND (a.assigned_to = ? OR a.created_by = ?)');
      whoBindings.push(query.involving, query.involving);
    }
    const { now, todayEnds } = query;
    const overdue = [now, ...whoBindings];
    const today = [now, todayEnds, ...whoBindings];
    const [row] = await this.rows<{ agenda: Agenda }>(agendaSql(who.join(' ')), [
      ...overdue,
      limit,
      ...overdue,
      ...today,
      limit,
      ...today,
    ]);
    return row.agenda;
  }

  async noNextStep(ownerId: number | null, limit: number): Promise<DealList> {
    const [owner, ownerBindings] = ownedBy(ownerId);
    const totalOwner = ownerId === null ? '' : 'WHERE t.owner_key = ?';
    const rows = await this.rows<DealRow & { total: number }>(noNextStepSql(owner, totalOwner), [
      ...ownerBindings,
      limit,
      limit,
      ...ownerBindings,
    ]);
    return { items: rows.filter((row) => row.id !== null).map(toDeal), total: rows[0]?.total ?? 0 };
  }

  async closing(
    ownerId: number | null,
    pipeline: string,
    days: { first: string; next: string },
    limit: number,
  ): Promise<ClosingDeals> {
    const [owner, ownerBindings] = ownedBy(ownerId);
    const rows = await this.rows<DealRow & { totalCount: number; totalValue: string }>(closingSql(owner), [
      pipeline,
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

  async team(week: Window, now: Date): Promise<TeamFigures> {
    const [row] = await this.rows<
      Omit<TeamFigures, 'staleDeals'> & { staleDeals: (PersonCount & { value: string })[] }
    >(TEAM, [week.since, week.until, now, week.since, week.until]);
    return { ...row, staleDeals: row.staleDeals.map((item) => ({ ...item, value: Number(item.value) })) };
  }
}
