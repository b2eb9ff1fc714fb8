import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/job-queue.port';
import { CLOCK, JOB_QUEUE } from '../shared/shared.tokens';
import {
  QUICK_REPORT_USES_PERIOD,
  QUICK_REPORT_USES_PIPELINE,
  REPORT_PERIODS,
  cardChanges,
  figuresOf,
  type QuickReportName,
  type QuickReportRows,
  type ReportCategory,
  type ReportFigures,
  type ReportPeriod,
  type ReportSnapshot,
} from './report';
import { PipelineNotFoundError } from '../deals/deals.errors';
import type { ReportRepository } from './reports.ports';
import { REPORT_REPOSITORY } from './reports.tokens';

export interface ReportView {
  period: ReportPeriod;
  category: ReportCategory;
  /** The pipeline whose deals the figures count; null: every pipeline's, summed. */
  pipeline: string | null;
  /** null until the aggregation job has run once. */
  computedAt: Date | null;
  figures: Partial<ReportFigures> | null;
}

export interface QuickReportView<N extends QuickReportName> {
  report: N;
  /** The pipeline the deal reports (sales by salesperson, forecast) count; null: every pipeline. */
  pipeline: string | null;
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

  /**
   * Computes and stores every period's figures, for every pipeline summed and for each pipeline; run by the scheduled
   * job and the on-demand refresh. With one pipeline, its figures are the sum's (computed once).
   */
  async refresh(): Promise<void> {
    const now = this.clock.now();
    const pipelines = await this.reports.pipelineKeys();
    const snapshots: ReportSnapshot[] = [];
    const compute = async (pipeline: string | null) => {
      const started = performance.now();
      const figures = await this.reports.aggregate(now, REPORT_PERIODS, pipeline);
      const durationMs = Math.round(performance.now() - started);
      return [...figures].map(([periodDays, f]) => ({
        periodDays,
        pipeline,
        figures: { ...f, changes: cardChanges(f, f.previous) },
        computedAt: now,
        durationMs,
      }));
    };
    const everyPipeline = await compute(null);
    snapshots.push(...everyPipeline);
    if (pipelines.length === 1) snapshots.push(...everyPipeline.map((s) => ({ ...s, pipeline: pipelines[0]! })));
    else for (const pipeline of pipelines) snapshots.push(...(await compute(pipeline)));
    await this.reports.save(snapshots);
  }

  /** 404 for a pipeline that does not exist (an archived one has figures: its deals still count). */
  private async checkPipeline(pipeline: string | null): Promise<void> {
    if (pipeline !== null && !(await this.reports.pipelineKeys()).includes(pipeline)) throw new PipelineNotFoundError();
  }

  /** Asks the worker for a refresh; answers 503 when the queue is down. */
  requestRefresh(): Promise<void> {
    return this.queue.enqueue('reports.refresh', {});
  }

  async latest(period: ReportPeriod, category: ReportCategory, pipeline: string | null = null): Promise<ReportView> {
    await this.checkPipeline(pipeline);
    const stored = await this.reports.latest(period, pipeline);
    // A snapshot written before the figures grew (changes, performance) counts as not computed until the next run.
    const snapshot = stored && 'changes' in stored.figures ? stored : null;
    return {
      period,
      category,
      pipeline,
      computedAt: snapshot?.computedAt ?? null,
      figures: snapshot ? figuresOf(snapshot.figures, category) : null,
    };
  }

  /** A quick report, computed live: each is bounded and answered from indexes. */
  async quick<N extends QuickReportName>(
    name: N,
    period: ReportPeriod,
    pipeline: string | null = null,
  ): Promise<QuickReportView<N>> {
    await this.checkPipeline(pipeline);
    const now = this.clock.now();
    return {
      report: name,
      pipeline: QUICK_REPORT_USES_PIPELINE[name] ? pipeline : null,
      period: QUICK_REPORT_USES_PERIOD[name] ? period : null,
      generatedAt: now,
      rows: await this.reports.quick(name, now, period, pipeline),
    };
  }
}
