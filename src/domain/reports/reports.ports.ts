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

/**
 * The read side: every figure is aggregated by the database, never in application code. A pipeline (its key) narrows
 * the deal figures to that pipeline's deals; null sums every pipeline. Contacts and activities belong to no pipeline:
 * their figures are the team's either way.
 */
export interface ReportRepository {
  /** The figures of every period (and of the window before each), as of `now`. */
  aggregate(
    now: Date,
    periods: readonly ReportPeriod[],
    pipeline: string | null,
  ): Promise<Map<ReportPeriod, AggregatedFigures>>;
  /** The keys of every pipeline, archived ones included, in the switcher's order. */
  pipelineKeys(): Promise<string[]>;
  /** Replaces every stored snapshot with these (those of pipelines not among them go). */
  save(snapshots: ReportSnapshot[]): Promise<void>;
  latest(period: ReportPeriod, pipeline: string | null): Promise<ReportSnapshot | null>;
  /** One quick report as of `now`, live (bounded to QUICK_REPORT_LIMIT rows). */
  quick<N extends QuickReportName>(
    name: N,
    now: Date,
    period: ReportPeriod,
    pipeline: string | null,
  ): Promise<QuickReportRows[N]>;
}
