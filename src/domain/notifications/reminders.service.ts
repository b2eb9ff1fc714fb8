import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import type { JobPayloads, JobQueue } from '../shared/job-queue.port';
import { CLOCK, JOB_QUEUE, LOGGER } from '../shared/shared.tokens';
import type { ReminderChoice } from './notification';
import type { Mailer, NotificationRepository, ReminderRepository } from './notifications.ports';
import { APP_URL, MAILER, NOTIFICATION_REPOSITORY, REMINDER_REPOSITORY } from './notifications.tokens';
import { reminderMessage } from './reminder-message';

/** A claim whose job never ran (Redis lost it, the enqueue failed) is taken again after this long. */
export const RECLAIM_AFTER_MS = 2 * 60_000;
/** How long one worker may hold the right to send a reminder's email. */
export const EMAIL_LEASE_MS = 60_000;
const SCAN_BATCH = 1_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Activity reminders: kept in step with their activities (`sync`), claimed when due by a scheduled scan
 * (`scan`), and delivered by one send job each (`send`), which records the notification and emails it
 * at most once per reminder however often it runs.
 */
@injectable()
export class RemindersService {
  constructor(
    @inject(REMINDER_REPOSITORY) private readonly reminders: ReminderRepository,
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository,
    @inject(MAILER) private readonly mailer: Mailer | null,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(APP_URL) private readonly appUrl: string,
    @inject(LOGGER) private readonly log: Log,
  ) {}

  /** After an activity is created, changed or deleted. */
  sync(activityId: number): Promise<void> {
    return this.reminders.sync(activityId, this.clock.now());
  }

  async setChoice(activityId: number, minutes: ReminderChoice): Promise<void> {
    await this.reminders.setChoice(activityId, minutes);
    await this.sync(activityId);
  }

  choice(activityId: number): Promise<ReminderChoice | undefined> {
    return this.reminders.choice(activityId);
  }

  /** Claims every due reminder, a batch at a time, and queues one send job each (a batch per round trip); returns how many were queued. */
  async scan(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    for (;;) {
      const due = await this.reminders.claimDue(now, new Date(now.getTime() - RECLAIM_AFTER_MS), SCAN_BATCH);
      try {
        await this.queue.enqueueMany(
          'reminders.send',
          due.map((r) => ({ payload: this.payload(r.activityId, r.remindAt), options: { jobId: `reminder-${r.activityId}-${r.remindAt.getTime()}` } })),
        );
      } catch (error) {
        // They stay claimed; a scan after RECLAIM_AFTER_MS takes them again.
        this.log.warn({ err: error, reminders: due.length }, 'could not queue reminders');
        return queued;
      }
      queued += due.length;
      if (due.length < SCAN_BATCH) return queued;
    }
  }

  async send({ activityId, remindAt }: JobPayloads['reminders.send']): Promise<void> {
    const reminder = await this.reminders.find(activityId);
    // Moved, cancelled or already delivered since it was claimed: nothing to do.
    if (!reminder || reminder.remindAt.toISOString() !== remindAt || reminder.status === 'sent' || reminder.status === 'failed') return;
    const now = this.clock.now();
    const { settings } = reminder;
    const link = `${this.appUrl}/crm/activities?activity=${activityId}`;
    const message = reminderMessage({ subject: reminder.subject, dueAt: reminder.dueAt, language: settings.language, timeZone: settings.timeZone, link });
    const dedupeKey = this.dedupeKey(activityId, remindAt);
    const notification = await this.notifications.record({
      userId: reminder.userId,
      kind: 'activity.reminder',
      activityId,
      title: message.title,
      body: message.body,
      subject: reminder.subject,
      dueAt: reminder.dueAt,
      link: `/crm/activities?activity=${activityId}`,
      dedupeKey,
      createdAt: now,
      emailStatus: this.mailer && settings.email && settings.reminderEmails ? 'pending' : 'none',
    });
    if (notification.emailStatus === 'pending' && this.mailer && settings.email) {
      if (!(await this.notifications.claimEmail(notification.id, now, new Date(now.getTime() + EMAIL_LEASE_MS)))) {
        // Another worker is sending it right now; this attempt fails and the retry finds it sent.
        throw new Error(`the email of notification ${notification.id} is being sent by another worker`);
      }
      try {
        await this.mailer.send({ to: settings.email, subject: message.title, text: message.emailText, messageId: `<${dedupeKey.replace(/:/g, '.')}@funil>` });
      } catch (error) {
        await this.notifications.releaseEmail(notification.id, (error as Error).message.slice(0, 500));
        throw error;
      }
      await this.notifications.emailSent(notification.id, this.clock.now());
    }
    await this.reminders.markSent(activityId, reminder.remindAt, this.clock.now());
  }

  /** After the last attempt: shown as failed, on the reminder and on its notification. */
  async fail({ activityId, remindAt }: JobPayloads['reminders.send'], error: Error): Promise<void> {
    const reason = error.message.slice(0, 500);
    await this.reminders.markFailed(activityId, new Date(remindAt), reason);
    await this.notifications.emailFailed(this.dedupeKey(activityId, remindAt), reason);
  }

  private payload(activityId: number, remindAt: Date): JobPayloads['reminders.send'] {
    return { activityId, remindAt: remindAt.toISOString() };
  }

  private dedupeKey(activityId: number, remindAt: string): string {
    return `reminder:${activityId}:${remindAt}`;
  }
}
