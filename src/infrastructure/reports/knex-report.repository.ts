import { inject, injectable } from 'inversify';
import { ACTIVITY_TYPES } from '../../domain/activities/activity';
import type { ReportFigures, ReportPeriod, ReportSnapshot } from '../../domain/reports/report';
import type { ReportRepository } from '../../domain/reports/reports.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import type { Knex } from '../db/database';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/**
 * One statement per figure family, each computing every period at once from a `periods` row set
 * (days, since, bucket unit), all in one repeatable-read snapshot so the figures agree with each other.
 * Windows are (now - days, now]. Aliases are quoted camelCase: rows come back the same either way.
 */
const PERIODS = `
  periods AS (
    SELECT d AS days, ?::timestamptz - make_interval(days => d) AS since, ?::timestamptz AS until,
           CASE WHEN d <= 30 THEN 'day' WHEN d <= 90 THEN 'week' ELSE 'month' END AS unit
    FROM unnest(?::int[]) AS d
  )`;

const MONEY = 'numeric(16,2)';

/** Exported for the benchmark, which times these statements on their own against a whole refresh. */
export const REPORT_SQL = {
  sales: `
    WITH ${PERIODS},
    closed AS (
      SELECT p.days, s.kind, d.value
      FROM periods p
      JOIN deals d ON d.closed_at > p.since AND d.closed_at <= p.until
      JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
    )
    SELECT p.days,
           count(c.kind) FILTER (WHERE c.kind = 'won')::int AS "wonCount",
           coalesce(sum(c.value) FILTER (WHERE c.kind = 'won'), 0)::${MONEY}::text AS "wonValue",
           round(100.0 * count(c.kind) FILTER (WHERE c.kind = 'won')
                 / nullif(count(c.kind) FILTER (WHERE c.kind IN ('won', 'lost')), 0), 1)::float8 AS "conversionRate",
           (sum(c.value) FILTER (WHERE c.kind = 'won') / nullif(count(c.kind) FILTER (WHERE c.kind = 'won'), 0))::${MONEY}::text AS "averageTicket"
    FROM periods p LEFT JOIN closed c ON c.days = p.days
    GROUP BY p.days`,
  counts: `
    WITH ${PERIODS}
    SELECT p.days,
           (SELECT count(*) FROM contacts c
             WHERE c.updated_at > p.since AND c.updated_at <= p.until AND c.status <> 'inactive')::int AS "activeContacts",
           (SELECT count(*) FROM activities a
             WHERE a.completed_at > p.since AND a.completed_at <= p.until)::int AS "completedActivities"
    FROM periods p`,
  funnel: `
    WITH ${PERIODS}
    SELECT p.days, s.pipeline, s.stage, s.kind, count(d.id)::int AS count, coalesce(sum(d.value), 0)::${MONEY}::text AS value
    FROM periods p
    CROSS JOIN pipeline_stages s
    LEFT JOIN deals d ON d.pipeline = s.pipeline AND d.stage = s.stage AND d.created_at > p.since AND d.created_at <= p.until
    GROUP BY p.days, s.pipeline, s.stage, s.kind, s."order"
    ORDER BY p.days, s.pipeline, s."order"`,
  wonOverTime: `
    WITH ${PERIODS},
    buckets AS (
      SELECT p.days, p.since, p.until, b AS start, b + ('1 ' || p.unit)::interval AS finish
      FROM periods p, generate_series(date_trunc(p.unit, p.since), date_trunc(p.unit, p.until), ('1 ' || p.unit)::interval) AS b
    ),
    won AS (
      SELECT d.closed_at, d.value FROM deals d
      JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage AND s.kind = 'won'
      WHERE d.closed_at IS NOT NULL
    )
    SELECT b.days, to_char(b.start, 'YYYY-MM-DD') AS bucket, count(w.closed_at)::int AS count,
           coalesce(sum(w.value), 0)::${MONEY}::text AS value
    FROM buckets b
    LEFT JOIN won w ON w.closed_at >= b.start AND w.closed_at < b.finish AND w.closed_at > b.since AND w.closed_at <= b.until
    GROUP BY b.days, b.start
    ORDER BY b.days, b.start`,
  activitiesByType: `
    WITH ${PERIODS}
    SELECT p.days, t.type, count(a.id)::int AS total, count(a.id) FILTER (WHERE a.status = 'completed')::int AS completed
    FROM periods p
    CROSS JOIN unnest(?::text[]) AS t(type)
    LEFT JOIN activities a ON a.type = t.type AND a.created_at > p.since AND a.created_at <= p.until
    GROUP BY p.days, t.type
    ORDER BY p.days, t.type`,
  activitiesByPerson: `
    WITH ${PERIODS}
    SELECT p.days, a.assigned_to AS "userId", u.name, count(*)::int AS total,
           count(*) FILTER (WHERE a.status = 'completed')::int AS completed
    FROM periods p
    JOIN activities a ON a.created_at > p.since AND a.created_at <= p.until
    LEFT JOIN users u ON u.id = a.assigned_to
    GROUP BY p.days, a.assigned_to, u.name
    ORDER BY p.days, total DESC, a.assigned_to NULLS LAST`,
} as const;

/** A row of one figure family: the period it belongs to and that family's columns. */
type Row = { days: ReportPeriod } & Record<string, unknown>;

const ReportSnapshotModel = tableModel('reportSnapshots', { idColumn: 'periodDays', jsonAttributes: ['figures'] });

@injectable()
export class KnexReportRepository implements ReportRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  aggregate(now: Date, periods: readonly ReportPeriod[]): Promise<Map<ReportPeriod, ReportFigures>> {
    const base = [now, now, [...periods]];
    const run = async (sql: string, extra: unknown[] = []): Promise<Row[]> => (await this.uow.db.raw(sql, [...base, ...extra] as Knex.RawBinding[])).rows;
    return this.uow.run(
      async () => {
        const sales = await run(REPORT_SQL.sales);
        const counts = await run(REPORT_SQL.counts);
        const funnel = await run(REPORT_SQL.funnel);
        const wonOverTime = await run(REPORT_SQL.wonOverTime);
        const byType = await run(REPORT_SQL.activitiesByType, [[...ACTIVITY_TYPES]]);
        const byPerson = await run(REPORT_SQL.activitiesByPerson);
        const rowsOf = <T>(rows: Row[], days: number) => rows.filter((r) => r.days === days).map(({ days: _days, ...rest }) => rest as T);
        const result = new Map<ReportPeriod, ReportFigures>();
        for (const days of periods) {
          const s = sales.find((r) => r.days === days)!;
          const c = counts.find((r) => r.days === days)!;
          result.set(days, {
            salesWon: { count: s.wonCount as number, value: s.wonValue as string },
            activeContacts: c.activeContacts as number,
            conversionRate: s.conversionRate as number | null,
            completedActivities: c.completedActivities as number,
            averageTicket: s.averageTicket as string | null,
            funnel: rowsOf(funnel, days),
            wonOverTime: rowsOf(wonOverTime, days),
            activitiesByType: rowsOf(byType, days),
            activitiesByPerson: rowsOf(byPerson, days),
          });
        }
        return result;
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }

  async save(snapshots: ReportSnapshot[]): Promise<void> {
    if (!snapshots.length) return;
    await ReportSnapshotModel.query(this.uow.db).insert(snapshots as object[]).onConflict('periodDays').merge();
  }

  async latest(period: ReportPeriod): Promise<ReportSnapshot | null> {
    const row = await ReportSnapshotModel.query(this.uow.db).findById(period);
    return row ? plain<ReportSnapshot>(row) : null;
  }
}
