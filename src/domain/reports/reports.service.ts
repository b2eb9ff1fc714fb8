import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/job-queue.port';
import { CLOCK, JOB_QUEUE } from '../shared/shared.tokens';
import { REPORT_PERIODS, figuresOf, type ReportCategory, type ReportFigures, type ReportPeriod } from './report';
import type { ReportRepository } from './reports.ports';
import { REPORT_REPOSITORY } from './reports.tokens';

export interface ReportView {
  period: ReportPeriod;
  category: ReportCategory;
  /** null until the aggregation job has run once. */
  computedAt: Date | null;
  figures: Partial<ReportFigures> | null;
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
    await this.reports.save([...figures].map(([periodDays, f]) => ({ periodDays, figures: f, computedAt: now, durationMs })));
  }

  /** Asks the worker for a refresh; answers 503 when the queue is down. */
  requestRefresh(): Promise<void> {
    return this.queue.enqueue('reports.refresh', {});
  }

  async latest(period: ReportPeriod, category: ReportCategory): Promise<ReportView> {
    const snapshot = await this.reports.latest(period);
    return {
      period,
      category,
      computedAt: snapshot?.computedAt ?? null,
      figures: snapshot ? figuresOf(snapshot.figures, category) : null,
    };
  }
}
