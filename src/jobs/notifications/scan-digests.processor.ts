import { inject, injectable } from 'inversify';
import type { DigestService } from '../../domain/notifications/digest.service';
import { DIGEST_SERVICE } from '../../domain/notifications/notifications.tokens';
import type { JobProcessor } from '../../domain/shared/job-queue.port';

/** Every minute: sends the morning digests now due (08:00 in each user's time zone, working days). */
@injectable()
export class ScanDigestsProcessor implements JobProcessor<'digests.scan'> {
  readonly jobName = 'digests.scan' as const;
  readonly everyMs = 60_000;

  constructor(@inject(DIGEST_SERVICE) private readonly digests: DigestService) {}

  async handle(): Promise<void> {
    await this.digests.scan();
  }
}
