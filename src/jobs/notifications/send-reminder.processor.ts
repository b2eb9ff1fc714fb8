import { inject, injectable } from 'inversify';
import type { RemindersService } from '../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../domain/notifications/notifications.tokens';
import type { JobPayloads, JobProcessor, ReminderJobItem } from '../../domain/shared/job-queue.port';

/** A job queued before batches (one reminder, `{ activityId, remindAt }`) still in Redis after an upgrade: a batch of one. */
function batchOf(payload: JobPayloads['reminders.send'] | ReminderJobItem): JobPayloads['reminders.send'] {
  return 'reminders' in payload ? payload : { reminders: [payload] };
}

/** Records a batch's notifications and emails them; once the last retry fails, what was not delivered shows as failed. */
@injectable()
export class SendReminderProcessor implements JobProcessor<'reminders.send'> {
  readonly jobName = 'reminders.send' as const;

  constructor(@inject(REMINDERS_SERVICE) private readonly reminders: RemindersService) {}

  handle(payload: JobPayloads['reminders.send']): Promise<void> {
    return this.reminders.send(batchOf(payload));
  }

  onFailed(payload: JobPayloads['reminders.send'], error: Error): Promise<void> {
    return this.reminders.fail(batchOf(payload), error);
  }
}
