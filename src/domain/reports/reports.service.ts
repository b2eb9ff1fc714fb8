import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/job-queue.port';
import { CLOCK, JOB_QUEUE } from '../shared/shared.tokens';
import {
  QUICK_REPORT_USES_PERIOD,
  REPORT_PERIODS,
  cardChanges,
  figuresOf,
  type QuickReportName,
  type QuickReportRows,
  type ReportCategory,
  type ReportFigures,
  type ReportPeriod,
} from './report';
import type { ReportRepository } from './reports.ports';
import { REPORT_REPOSITORY } from './reports.tokens';

export interface ReportView {
  period: ReportPeriod;
  category: ReportCategory;
  /** null until the aggregation job has run once. */
  computedAt: Date | null;
  figures: Partial<ReportFigures> | null;
}

export interface QuickReportView<N extends QuickReportName> {
  report: N;
  /** The period asked for; null for the reports about what is open now (forecast, overdue activities). */
  period: ReportPeriod | null;
  generatedAt: Date;
  rows: QuickReportRows[N];
}

@injectable()
export class ReportsService {
  constructor(
    @inject(REPORT_REPOSITORY) private readonly reports: ReportRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Computes and stores every period's figures; run by the scheduled job and the on-demand refresh. */
  async refresh(): Promise<void> {
    const now = this.clock.now();
    const started = performance.now();
    const figures = await this.reports.aggregate(now, REPORT_PERIODS);
    const durationMs = Math.round(performance.now() - started);
    await this.reports.save(
      [...figures].map(([periodDays, f]) => ({
        periodDays,
        figures: { ...f, changes: cardChanges(f, f.previous) },
        computedAt: now,
        durationMs,
      })),
    );
  }

  /** Asks the worker for a refresh; answers 503 when the queue is down. */
  requestRefresh(): Promise<void> {
    return this.queue.enqueue('reports.refresh', {});
  }

  async latest(period: ReportPeriod, category: ReportCategory): Promise<ReportView> {
    const stored = await this.reports.latest(period);
    // A snapshot written before the figures grew (changes, performance) counts as not computed until the next run.
    const snapshot = stored && 'changes' in stored.figures ? stored : null;
    return {
      period,
      category,
      computedAt: snapshot?.computedAt ?? null,
      figures: snapshot ? figuresOf(snapshot.figures, category) : null,
    };
  }

  /** A quick report, computed live: each is bounded and answered from indexes. */
  async quick<N extends QuickReportName>(name: N, period: ReportPeriod): Promise<QuickReportView<N>> {
    const now = this.clock.now();
    return {
      report: name,
      period: QUICK_REPORT_USES_PERIOD[name] ? period : null,
      generatedAt: now,
      rows: await this.reports.quick(name, now, period),
    };
  }
}
