import { inject, injectable } from 'inversify';
import type { RemindersService } from '../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../domain/notifications/notifications.tokens';
import type { JobProcessor } from '../../domain/shared/job-queue.port';

/** Every 15 seconds: claims the reminders that are due, a batch at a time, and queues one send job per batch. */
@injectable()
export class ScanRemindersProcessor implements JobProcessor<'reminders.scan'> {
  readonly jobName = 'reminders.scan' as const;
  readonly everyMs = 15_000;

  constructor(@inject(REMINDERS_SERVICE) private readonly reminders: RemindersService) {}

  async handle(): Promise<void> {
    await this.reminders.scan();
  }
}
