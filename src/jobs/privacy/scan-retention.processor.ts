import { inject, injectable } from 'inversify';
import type { RetentionService } from '../../domain/privacy/retention.service';
import { RETENTION_SERVICE } from '../../domain/privacy/privacy.tokens';
import type { JobProcessor } from '../../domain/shared/job-queue.port';

/** Daily: lists the contacts the active retention rules find, for an admin to decide on (nothing is anonymized). */
@injectable()
export class ScanRetentionProcessor implements JobProcessor<'privacy.retention-scan'> {
  readonly jobName = 'privacy.retention-scan' as const;
  readonly everyMs = 24 * 60 * 60 * 1000;

  constructor(@inject(RETENTION_SERVICE) private readonly retention: RetentionService) {}

  async handle(): Promise<void> {
    await this.retention.scan();
  }
}
