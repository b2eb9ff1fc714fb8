import type { ReportFigures, ReportPeriod, ReportSnapshot } from './report';

/** The read side: every figure is aggregated by the database, never in application code. */
export interface ReportRepository {
  /** The figures of every period, as of `now`. */
  aggregate(now: Date, periods: readonly ReportPeriod[]): Promise<Map<ReportPeriod, ReportFigures>>;
  /** Replaces the stored snapshot of each period. */
  save(snapshots: ReportSnapshot[]): Promise<void>;
  latest(period: ReportPeriod): Promise<ReportSnapshot | null>;
}
