import { inject, injectable } from 'inversify';
import type { RemindersService } from '../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../domain/notifications/notifications.tokens';
import type { JobPayloads, JobProcessor } from '../../domain/shared/job-queue.port';

/** Records the reminder's notification and emails it; once the last retry fails, it shows as failed. */
@injectable()
export class SendReminderProcessor implements JobProcessor<'reminders.send'> {
  readonly jobName = 'reminders.send' as const;

  constructor(@inject(REMINDERS_SERVICE) private readonly reminders: RemindersService) {}

  handle(payload: JobPayloads['reminders.send']): Promise<void> {
    return this.reminders.send(payload);
  }

  onFailed(payload: JobPayloads['reminders.send'], error: Error): Promise<void> {
    return this.reminders.fail(payload, error);
  }
}
