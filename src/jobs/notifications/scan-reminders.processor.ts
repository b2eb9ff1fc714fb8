import { inject, injectable } from 'inversify';
import type { RemindersService } from '../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../domain/notifications/notifications.tokens';
import type { JobProcessor } from '../../domain/shared/job-queue.port';
import { CONFIG } from '../../domain/shared/shared.tokens';

/** The part of the configuration this job reads: REMINDER_SCAN_SECONDS, in milliseconds. */
export interface ReminderScanSettings {
  reminderScanMs?: number;
}

/** Every 15 seconds (REMINDER_SCAN_SECONDS): claims the reminders that are due, a batch at a time, and queues one send job per batch. */
@injectable()
export class ScanRemindersProcessor implements JobProcessor<'reminders.scan'> {
  readonly jobName = 'reminders.scan' as const;
  readonly everyMs: number;

  constructor(
    @inject(REMINDERS_SERVICE) private readonly reminders: RemindersService,
    @inject(CONFIG) settings: ReminderScanSettings,
  ) {
    this.everyMs = settings.reminderScanMs ?? 15_000;
  }

  async handle(): Promise<void> {
    await this.reminders.scan();
  }
}
