import { inject, injectable } from 'inversify';
import { ACTIVITY_TYPES } from '../../domain/activities/activity';
import {
  PERFORMANCE_LIMIT,
  QUICK_REPORT_LIMIT,
  type CardFigures,
  type QuickReportName,
  type QuickReportRows,
  type ReportPeriod,
  type ReportSnapshot,
} from '../../domain/reports/report';
import type { AggregatedFigures, ReportRepository } from '../../domain/reports/reports.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import type { Knex } from '../db/database';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/**
 * One statement per figure family, each computing every period at once from a `periods` row set
 * (days, since, bucket unit), all in one repeatable-read snapshot so the figures agree with each other.
 * Windows are (now - days, now]. Aliases are quoted camelCase: rows come back the same either way.
 */
/** The pipeline the deal figures read (null: every pipeline), the first binding of every statement. */
const CHOSEN = `chosen AS (SELECT ?::text AS pipeline)`;
/** Whether deal `d` counts: in the chosen pipeline, or any when none is chosen. */
const IN_CHOSEN = `((SELECT pipeline FROM chosen) IS NULL OR d.pipeline = (SELECT pipeline FROM chosen))`;

const PERIODS = `
  periods AS (
    SELECT d AS days, ?::timestamptz - make_interval(days => d) AS since, ?::timestamptz AS until,
           CASE WHEN d <= 30 THEN 'day' WHEN d <= 90 THEN 'week' ELSE 'month' END AS unit
    FROM unnest(?::int[]) AS d
  )`;

/** The periods and, for the metric cards, the window of the same length just before each (prev = 1). */
const WINDOWS = `
  windows AS (
    SELECT d AS days, w.prev, ?::timestamptz - make_interval(days => d * (w.prev + 1)) AS since,
           ?::timestamptz - make_interval(days => d * w.prev) AS until
    FROM unnest(?::int[]) AS d CROSS JOIN (VALUES (0), (1)) AS w(prev)
  )`;

const MONEY = 'numeric(16,2)';

/** Exported for the benchmark, which times these statements on their own against a whole refresh. */
export const REPORT_SQL = {
  sales: `
    WITH ${CHOSEN}, ${WINDOWS},
    closed AS (
      SELECT w.days, w.prev, s.kind, d.value
      FROM windows w
      JOIN deals d ON d.closed_at > w.since AND d.closed_at <= w.until AND ${IN_CHOSEN}
      JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
    )
    SELECT w.days, w.prev,
           count(c.kind) FILTER (WHERE c.kind = 'won')::int AS "wonCount",
           coalesce(sum(c.value) FILTER (WHERE c.kind = 'won'), 0)::${MONEY}::text AS "wonValue",
           round(100.0 * count(c.kind) FILTER (WHERE c.kind = 'won')
                 / nullif(count(c.kind) FILTER (WHERE c.kind IN ('won', 'lost')), 0), 1)::float8 AS "conversionRate",
           (sum(c.value) FILTER (WHERE c.kind = 'won') / nullif(count(c.kind) FILTER (WHERE c.kind = 'won'), 0))::${MONEY}::text AS "averageTicket"
    FROM windows w LEFT JOIN closed c ON c.days = w.days AND c.prev = w.prev
    GROUP BY w.days, w.prev`,
  counts: `
    WITH ${CHOSEN}, ${WINDOWS}
    SELECT w.days, w.prev,
           (SELECT count(*) FROM contacts c
             WHERE c.updated_at > w.since AND c.updated_at <= w.until AND c.status <> 'inactive')::int AS "activeContacts",
           (SELECT count(*) FROM activities a
             WHERE a.completed_at > w.since AND a.completed_at <= w.until)::int AS "completedActivities",
           (SELECT count(*) FROM deals d
             WHERE d.created_at > w.since AND d.created_at <= w.until AND ${IN_CHOSEN})::int AS "newDeals"
    FROM windows w`,
  funnel: `
    WITH ${CHOSEN}, ${PERIODS}
    SELECT p.days, s.pipeline, s.stage, s.kind, count(d.id)::int AS count, coalesce(sum(d.value), 0)::${MONEY}::text AS value
    FROM periods p
    CROSS JOIN pipeline_stages s
    LEFT JOIN deals d ON d.pipeline = s.pipeline AND d.stage = s.stage AND d.created_at > p.since AND d.created_at <= p.until
    WHERE (SELECT pipeline FROM chosen) IS NULL OR s.pipeline = (SELECT pipeline FROM chosen)
    GROUP BY p.days, s.pipeline, s.stage, s.kind, s."order"
    ORDER BY p.days, s.pipeline, s."order"`,
  wonOverTime: `
    WITH ${CHOSEN}, ${PERIODS},
    buckets AS (
      SELECT p.days, p.since, p.until, b AS start, b + ('1 ' || p.unit)::interval AS finish
      FROM periods p, generate_series(date_trunc(p.unit, p.since), date_trunc(p.unit, p.until), ('1 ' || p.unit)::interval) AS b
    ),
    won AS (
      SELECT d.closed_at, d.value FROM deals d
      JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage AND s.kind = 'won'
      WHERE d.closed_at IS NOT NULL AND ${IN_CHOSEN}
    )
    SELECT b.days, to_char(b.start, 'YYYY-MM-DD') AS bucket, count(w.closed_at)::int AS count,
           coalesce(sum(w.value), 0)::${MONEY}::text AS value
    FROM buckets b
    LEFT JOIN won w ON w.closed_at >= b.start AND w.closed_at < b.finish AND w.closed_at > b.since AND w.closed_at <= b.until
    GROUP BY b.days, b.start
    ORDER BY b.days, b.start`,
  activitiesByType: `
    WITH ${CHOSEN}, ${PERIODS}
    SELECT p.days, t.type, count(a.id)::int AS total, count(a.id) FILTER (WHERE a.status = 'completed')::int AS completed
    FROM periods p
    CROSS JOIN unnest(?::text[]) AS t(type)
    LEFT JOIN activities a ON a.type = t.type AND a.created_at > p.since AND a.created_at <= p.until
    GROUP BY p.days, t.type
    ORDER BY p.days, t.type`,
  activitiesByPerson: `
    WITH ${CHOSEN}, ${PERIODS}
    SELECT p.days, a.assigned_to AS "userId", u.name, count(*)::int AS total,
           count(*) FILTER (WHERE a.status = 'completed')::int AS completed
    FROM periods p
    JOIN activities a ON a.created_at > p.since AND a.created_at <= p.until
    LEFT JOIN users u ON u.id = a.assigned_to
    GROUP BY p.days, a.assigned_to, u.name
    ORDER BY p.days, total DESC, a.assigned_to NULLS LAST`,
  performance: `
    WITH ${CHOSEN}, ${PERIODS},
    sales AS (
      SELECT p.days, d.owner_id AS user_id,
             count(*) FILTER (WHERE s.kind = 'won') AS won_count,
             coalesce(sum(d.value) FILTER (WHERE s.kind = 'won'), 0) AS won_value,
             count(*) FILTER (WHERE s.kind IN ('won', 'lost')) AS closed_count
      FROM periods p
      JOIN deals d ON d.closed_at > p.since AND d.closed_at <= p.until AND d.owner_id IS NOT NULL AND ${IN_CHOSEN}
      JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
      GROUP BY p.days, d.owner_id
    ),
    done AS (
      SELECT p.days, a.assigned_to AS user_id, count(*) AS n
      FROM periods p
      JOIN activities a ON a.completed_at > p.since AND a.completed_at <= p.until AND a.assigned_to IS NOT NULL
      GROUP BY p.days, a.assigned_to
    ),
    ranked AS (
      SELECT coalesce(s.days, a.days) AS days, coalesce(s.user_id, a.user_id) AS user_id,
             coalesce(s.won_count, 0) AS won_count, coalesce(s.won_value, 0) AS won_value, s.closed_count,
             coalesce(a.n, 0) AS done,
             row_number() OVER (PARTITION BY coalesce(s.days, a.days)
                                ORDER BY coalesce(s.won_value, 0) DESC, coalesce(a.n, 0) DESC, coalesce(s.user_id, a.user_id)) AS rank
      FROM sales s FULL JOIN done a ON a.days = s.days AND a.user_id = s.user_id
    )
    SELECT r.days, u.id AS "userId", u.name, r.won_count::int AS "wonCount", r.won_value::${MONEY}::text AS "wonValue",
           round(100.0 * r.won_count / nullif(r.closed_count, 0), 1)::float8 AS "conversionRate", r.done::int AS "activitiesDone"
    FROM ranked r JOIN users u ON u.id = r.user_id
    WHERE r.rank <= ${PERFORMANCE_LIMIT}
    ORDER BY r.days, r.rank`,
} as const;

/**
 * The quick reports, live. Each reads a bounded slice through an index (see the migration adding
 * their indexes) and lists at most QUICK_REPORT_LIMIT rows.
 */
export const QUICK_REPORT_SQL: Record<QuickReportName, string> = {
  // Bindings: pipeline, since, until, limit.
  'sales-by-salesperson': `
    WITH ${CHOSEN}
    SELECT d.owner_id AS "userId", u.name,
           count(*) FILTER (WHERE s.kind = 'won')::int AS "wonCount",
           coalesce(sum(d.value) FILTER (WHERE s.kind = 'won'), 0)::${MONEY}::text AS "wonValue",
           count(*) FILTER (WHERE s.kind = 'lost')::int AS "lostCount",
           round(100.0 * count(*) FILTER (WHERE s.kind = 'won') / nullif(count(*) FILTER (WHERE s.kind IN ('won', 'lost')), 0), 1)::float8 AS "conversionRate",
           (sum(d.value) FILTER (WHERE s.kind = 'won') / nullif(count(*) FILTER (WHERE s.kind = 'won'), 0))::${MONEY}::text AS "averageTicket"
    FROM deals d
    JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
    LEFT JOIN users u ON u.id = d.owner_id
    WHERE d.closed_at > ? AND d.closed_at <= ? AND ${IN_CHOSEN}
    GROUP BY d.owner_id, u.name
    ORDER BY coalesce(sum(d.value) FILTER (WHERE s.kind = 'won'), 0) DESC, d.owner_id NULLS LAST
    LIMIT ?`,
  // Bindings: pipeline, now (this month), limit. Open deals only; the months are the deals' expected close dates.
  forecast: `
    WITH ${CHOSEN}, month AS (SELECT date_trunc('month', ?::timestamptz AT TIME ZONE 'UTC')::date AS first),
    open AS (
      SELECT d.value, d.probability,
             CASE WHEN d.expected_close_date IS NULL THEN 'undated'
                  WHEN d.expected_close_date < m.first THEN 'overdue'
                  WHEN d.expected_close_date >= (m.first + interval '12 months')::date THEN 'later'
                  ELSE 'month' END AS bucket,
             CASE WHEN d.expected_close_date >= m.first AND d.expected_close_date < (m.first + interval '12 months')::date
                  THEN to_char(d.expected_close_date, 'YYYY-MM') END AS month
      FROM deals d
      JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage AND s.kind = 'open'
      CROSS JOIN month m
      WHERE ${IN_CHOSEN}
    )
    SELECT bucket, month, count(*)::int AS count, sum(value)::${MONEY}::text AS value,
           sum(value * probability / 100.0)::${MONEY}::text AS "weightedValue"
    FROM open
    GROUP BY bucket, month
    ORDER BY CASE bucket WHEN 'overdue' THEN 0 WHEN 'month' THEN 1 WHEN 'later' THEN 2 ELSE 3 END, month
    LIMIT ?`,
  // Bindings: now, limit.
  'overdue-activities': `
    SELECT a.assigned_to AS "userId", u.name, count(*)::int AS count, min(a.due_date) AS "oldestDueDate"
    FROM activities a
    LEFT JOIN users u ON u.id = a.assigned_to
    WHERE a.status = 'pending' AND a.due_date < ?
    GROUP BY a.assigned_to, u.name
    ORDER BY count(*) DESC, min(a.due_date), a.assigned_to NULLS LAST
    LIMIT ?`,
  // Bindings: since, until, limit.
  'lead-sources': `
    SELECT nullif(c.source, '') AS source, count(*)::int AS contacts,
           count(*) FILTER (WHERE c.status = 'customer')::int AS customers,
           round(100.0 * count(*) FILTER (WHERE c.status = 'customer') / count(*), 1)::float8 AS "conversionRate"
    FROM contacts c
    WHERE c.created_at > ? AND c.created_at <= ?
    GROUP BY nullif(c.source, '')
    ORDER BY count(*) DESC, source NULLS LAST
    LIMIT ?`,
};

/** A row of one figure family: the period it belongs to and that family's columns. */
type Row = { days: ReportPeriod; prev?: number } & Record<string, unknown>;

const DAY_MS = 24 * 3600 * 1000;

const ReportSnapshotModel = tableModel('reportSnapshots', {
  idColumn: ['periodDays', 'pipeline'],
  jsonAttributes: ['figures'],
});
/** How the snapshot of every pipeline summed is keyed ('pipeline' is part of the key, so never null). */
const EVERY_PIPELINE = '';

@injectable()
export class KnexReportRepository implements ReportRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  aggregate(
    now: Date,
    periods: readonly ReportPeriod[],
    pipeline: string | null,
  ): Promise<Map<ReportPeriod, AggregatedFigures>> {
    const base = [pipeline, now, now, [...periods]];
    const run = async (sql: string, extra: unknown[] = []): Promise<Row[]> =>
      (await this.uow.db.raw(sql, [...base, ...extra] as Knex.RawBinding[])).rows;
    return this.uow.run(
      async () => {
        const sales = await run(REPORT_SQL.sales);
        const counts = await run(REPORT_SQL.counts);
        const funnel = await run(REPORT_SQL.funnel);
        const wonOverTime = await run(REPORT_SQL.wonOverTime);
        const byType = await run(REPORT_SQL.activitiesByType, [[...ACTIVITY_TYPES]]);
        const byPerson = await run(REPORT_SQL.activitiesByPerson);
        const performance = await run(REPORT_SQL.performance);
        const rowsOf = <T>(rows: Row[], days: number) =>
          rows.filter((r) => r.days === days).map(({ days: _days, ...rest }) => rest as T);
        const cards = (days: number, prev: number): CardFigures => {
          const s = sales.find((r) => r.days === days && r.prev === prev)!;
          const c = counts.find((r) => r.days === days && r.prev === prev)!;
          return {
            salesWon: { count: s.wonCount as number, value: s.wonValue as string },
            activeContacts: c.activeContacts as number,
            conversionRate: s.conversionRate as number | null,
            completedActivities: c.completedActivities as number,
            averageTicket: s.averageTicket as string | null,
            newDeals: c.newDeals as number,
          };
        };
        const result = new Map<ReportPeriod, AggregatedFigures>();
        for (const days of periods) {
          result.set(days, {
            ...cards(days, 0),
            previous: cards(days, 1),
            funnel: rowsOf(funnel, days),
            wonOverTime: rowsOf(wonOverTime, days),
            activitiesByType: rowsOf(byType, days),
            activitiesByPerson: rowsOf(byPerson, days),
            performance: rowsOf(performance, days),
          });
        }
        return result;
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }

  async quick<N extends QuickReportName>(
    name: N,
    now: Date,
    period: ReportPeriod,
    pipeline: string | null,
  ): Promise<QuickReportRows[N]> {
    const since = new Date(now.getTime() - period * DAY_MS);
    const bindings: Record<QuickReportName, unknown[]> = {
      'sales-by-salesperson': [pipeline, since, now, QUICK_REPORT_LIMIT],
      forecast: [pipeline, now, QUICK_REPORT_LIMIT],
      'overdue-activities': [now, QUICK_REPORT_LIMIT],
      'lead-sources': [since, now, QUICK_REPORT_LIMIT],
    };
    const result = await this.uow.db.raw(QUICK_REPORT_SQL[name], bindings[name] as Knex.RawBinding[]);
    return result.rows as QuickReportRows[N];
  }

  async pipelineKeys(): Promise<string[]> {
    return this.uow.db('pipelines').orderBy('position').pluck('key');
  }

  async save(snapshots: ReportSnapshot[]): Promise<void> {
    if (!snapshots.length) return;
    const rows = snapshots.map(({ pipeline, ...rest }) => ({ ...rest, pipeline: pipeline ?? EVERY_PIPELINE }));
    await this.uow.run(async () => {
      await ReportSnapshotModel.query(this.uow.db)
        .insert(rows as object[])
        .onConflict(['periodDays', 'pipeline'])
        .merge();
      // The rows of pipelines deleted since the last refresh.
      await ReportSnapshotModel.query(this.uow.db)
        .whereNotIn('pipeline', [...new Set(rows.map((r) => r.pipeline))])
        .delete();
    });
  }

  async latest(period: ReportPeriod, pipeline: string | null): Promise<ReportSnapshot | null> {
    const row = await ReportSnapshotModel.query(this.uow.db).findById([period, pipeline ?? EVERY_PIPELINE]);
    if (!row) return null;
    const snapshot = plain<ReportSnapshot & { pipeline: string }>(row);
    return { ...snapshot, pipeline };
  }
}
