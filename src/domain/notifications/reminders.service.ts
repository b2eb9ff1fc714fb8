import { inject, injectable, optional } from 'inversify';
import type { Clock } from '../shared/clock';
import type { JobPayloads, JobQueue, ReminderJobItem } from '../shared/job-queue.port';
import { NO_OPERATIONS_METRICS, type OperationsMetrics } from '../shared/operations-metrics.port';
import { CLOCK, JOB_QUEUE, LOGGER, OPERATIONS_METRICS, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { DueReminder, ReminderChoice } from './notification';
import type {
  Mailer,
  NewNotification,
  NotificationRepository,
  PendingEmail,
  ReminderRepository,
} from './notifications.ports';
import { APP_URL, MAILER, NOTIFICATION_REPOSITORY, REMINDER_REPOSITORY } from './notifications.tokens';
import { reminderMessage } from './reminder-message';
import { deliveryFailureReason } from './delivery-failure';

/** A claim whose job never ran (Redis lost it, the enqueue failed) is taken again after this long. */
export const RECLAIM_AFTER_MS = 2 * 60_000;
/** How long one worker may hold the right to send a reminder's email. */
export const EMAIL_LEASE_MS = 60_000;
/** Reminders per send job: one claim, one job, one statement to record them and one to mark them sent. */
export const REMINDER_BATCH = 500;
/** Emails of one batch sent side by side (each under its own lease). */
const EMAILS_AT_ONCE = 8;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Activity reminders: kept in step with their activities (`sync`), claimed when due by a scheduled scan
 * (`scan`), and delivered in batches by one send job per batch (`send`), which records each notification
 * and emails it at most once per reminder however often it runs.
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
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(OPERATIONS_METRICS) @optional() private readonly metrics: OperationsMetrics = NO_OPERATIONS_METRICS,
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

  /**
   * Claims every due reminder, a batch at a time, and queues one send job per batch; loops while it finds a
   * full batch, so a burst is all queued in one scan. Returns how many reminders were queued.
   */
  async scan(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    for (;;) {
      const due = await this.reminders.claimDue(now, new Date(now.getTime() - RECLAIM_AFTER_MS), REMINDER_BATCH);
      if (due.length === 0) return queued;
      try {
        // Unique per claim: a batch claimed again later (its job lost) is a new job, and the send is idempotent.
        await this.queue.enqueue(
          'reminders.send',
          { reminders: due.map((r) => this.item(r)) },
          { jobId: `reminders-${now.getTime()}-${due[0].activityId}` },
        );
      } catch (error) {
        // They stay claimed; a scan after RECLAIM_AFTER_MS takes them again.
        this.log.warn({ err: error, reminders: due.length }, 'could not queue reminders');
        return queued;
      }
      queued += due.length;
      if (due.length < REMINDER_BATCH) return queued;
    }
  }

  /**
   * Delivers a batch: in one transaction, one statement records the notifications (once per dedupe key) and
   * one marks sent the reminders that need no email; then each email goes under its lease, and its reminder
   * is marked sent once it went. Safe to run again after a crash or a failure at any point: a recorded
   * notification is not recorded twice, a sent email is not sent twice, and what is left is finished.
   */
  async send({ reminders: items }: JobPayloads['reminders.send']): Promise<void> {
    const batch = items.map((r) => ({ activityId: r.activityId, remindAt: new Date(r.remindAt) }));
    // Moved, cancelled or already delivered since it was claimed: left out.
    const claimed = await this.reminders.findClaimed(batch);
    const now = this.clock.now();
    const notifications: NewNotification[] = claimed.map((reminder) => {
      const { settings } = reminder;
      const message = reminderMessage({
        subject: reminder.subject,
        dueAt: reminder.dueAt,
        language: settings.language,
        timeZone: settings.timeZone,
        link: this.link(reminder.activityId),
      });
      return {
        userId: reminder.userId,
        kind: 'activity.reminder',
        activityId: reminder.activityId,
        title: message.title,
        body: message.body,
        subject: reminder.subject,
        dueAt: reminder.dueAt,
        link: `/crm/activities?activity=${reminder.activityId}`,
        dedupeKey: this.dedupeKey(reminder.activityId, reminder.remindAt),
        createdAt: now,
        emailStatus: this.mailer && settings.email && settings.reminderEmails ? 'pending' : 'none',
      };
    });
    const withoutEmail = claimed.filter((_, i) => notifications[i].emailStatus === 'none');
    await this.uow.run(async () => {
      await this.notifications.recordMany(notifications);
      await this.reminders.markSent(withoutEmail, now);
    });
    // Delivered once its notification is in the bell; how late, from the time it was due to remind.
    this.metrics.remindersDelivered(claimed.map((reminder) => now.getTime() - reminder.remindAt.getTime()));
    if (this.mailer) await this.sendEmails(this.mailer, batch);
  }

  /** The batch's emails still pending (this run's, or a crashed run's), each sent once under its lease. */
  private async sendEmails(mailer: Mailer, batch: DueReminder[]): Promise<void> {
    const byKey = new Map(batch.map((r) => [this.dedupeKey(r.activityId, r.remindAt), r]));
    const pending = await this.notifications.pendingEmails([...byKey.keys()]);
    const failures: Error[] = [];
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const email = pending[next++];
        try {
          await this.sendEmail(mailer, email, byKey.get(email.dedupeKey)!);
        } catch (error) {
          failures.push(error as Error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(EMAILS_AT_ONCE, pending.length) }, worker));
    // The retry finds the failed ones still pending and the others sent.
    if (failures.length > 0)
      throw new Error(`${failures.length} of ${pending.length} reminder emails were not sent: ${failures[0].message}`, {
        cause: failures[0],
      });
  }

  private async sendEmail(mailer: Mailer, email: PendingEmail, reminder: DueReminder): Promise<void> {
    const { settings } = email;
    // No address any more: nothing to send; the reminder itself is delivered.
    if (!settings.email || !email.subject || !email.dueAt) {
      await this.reminders.markSent([reminder], this.clock.now());
      return;
    }
    const now = this.clock.now();
    if (!(await this.notifications.claimEmail(email.id, now, new Date(now.getTime() + EMAIL_LEASE_MS)))) {
      // Another worker is sending it right now; the retry finds it sent.
      throw new Error(`the email of notification ${email.id} is being sent by another worker`);
    }
    const message = reminderMessage({
      subject: email.subject,
      dueAt: email.dueAt,
      language: settings.language,
      timeZone: settings.timeZone,
      link: this.link(reminder.activityId),
    });
    try {
      await mailer.send({
        to: settings.email,
        subject: message.title,
        text: message.emailText,
        messageId: `<${email.dedupeKey.replace(/:/g, '.')}@funil>`,
      });
    } catch (error) {
      await this.notifications.releaseEmail(email.id, deliveryFailureReason(error));
      throw error;
    }
    await this.uow.run(async () => {
      await this.notifications.emailSent(email.id, this.clock.now());
      await this.reminders.markSent([reminder], this.clock.now());
    });
  }

  /** After the last attempt: what the batch did not deliver shows as failed, on the reminders and their notifications. */
  async fail({ reminders: items }: JobPayloads['reminders.send'], error: Error): Promise<void> {
    const reason = deliveryFailureReason(error);
    await this.reminders.markFailed(
      items.map((r) => ({ activityId: r.activityId, remindAt: new Date(r.remindAt) })),
      reason,
    );
    await this.notifications.emailFailed(
      items.map((r) => this.dedupeKey(r.activityId, new Date(r.remindAt))),
      reason,
    );
  }

  private item(reminder: DueReminder): ReminderJobItem {
    return { activityId: reminder.activityId, remindAt: reminder.remindAt.toISOString() };
  }

  private link(activityId: number): string {
    return `${this.appUrl}/crm/activities?activity=${activityId}`;
  }

  /** The same key for the same reminder time, however the time was written. */
  private dedupeKey(activityId: number, remindAt: Date): string {
    return `reminder:${activityId}:${remindAt.toISOString()}`;
  }
}
