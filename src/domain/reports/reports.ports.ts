import type {
  CardFigures,
  QuickReportName,
  QuickReportRows,
  ReportFigures,
  ReportPeriod,
  ReportSnapshot,
} from './report';

/** The figures the aggregation computes; the service adds the changes against the previous window. */
export type AggregatedFigures = Omit<ReportFigures, 'changes'> & { previous: CardFigures };

/** The read side: every figure is aggregated by the database, never in application code. */
export interface ReportRepository {
  /** The figures of every period (and of the window before each), as of `now`. */
  aggregate(now: Date, periods: readonly ReportPeriod[]): Promise<Map<ReportPeriod, AggregatedFigures>>;
  /** Replaces the stored snapshot of each period. */
  save(snapshots: ReportSnapshot[]): Promise<void>;
  latest(period: ReportPeriod): Promise<ReportSnapshot | null>;
  /** One quick report as of `now`, live (bounded to QUICK_REPORT_LIMIT rows). */
  quick<N extends QuickReportName>(name: N, now: Date, period: ReportPeriod): Promise<QuickReportRows[N]>;
}
