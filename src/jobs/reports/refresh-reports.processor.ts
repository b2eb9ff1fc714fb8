import { inject, injectable } from 'inversify';
import type { ReportsService } from '../../domain/reports/reports.service';
import { REPORTS_SERVICE } from '../../domain/reports/reports.tokens';
import type { JobProcessor } from '../../domain/shared/job-queue.port';

/** At start, every five minutes, and on demand: recomputes the report figures of every period. */
@injectable()
export class RefreshReportsProcessor implements JobProcessor<'reports.refresh'> {
  readonly jobName = 'reports.refresh' as const;
  readonly everyMs = 5 * 60 * 1000;
  /** A new installation shows figures on day one, not an empty screen for five minutes. */
  readonly runAtStart = true;

  constructor(@inject(REPORTS_SERVICE) private readonly reports: ReportsService) {}

  async handle(): Promise<void> {
    await this.reports.refresh();
  }
}
