import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import { CLOCK, LOGGER } from '../shared/shared.tokens';
import { digestMessage, localClock, nextLocalMidnight, type DigestItem } from './digest-message';
import type { NotificationSettings } from './notification';
import type { Mailer, NotificationRepository } from './notifications.ports';
import { APP_URL, DIGEST_REPOSITORY, MAILER, NOTIFICATION_REPOSITORY } from './notifications.tokens';
import { deliveryFailureReason } from './delivery-failure';

interface Log {
  warn(details: object, message: string): void;
}

/** Whom a digest may go to: an address and the digest on. */
export interface DigestRecipient {
  userId: number;
  settings: NotificationSettings;
}

export interface DigestRepository {
  recipients(): Promise<DigestRecipient[]>;
  /** The user's pending activities assigned to them that are due before `before`, soonest first. */
  pendingDueBefore(userId: number, before: Date): Promise<DigestItem[]>;
}

export const DIGEST_HOUR = 8;
/** After a stop at 08:00 the digest still goes out until this hour; later it would no longer be a morning one. */
const DIGEST_UNTIL_HOUR = 12;
const EMAIL_LEASE_MS = 5 * 60_000;

/**
 * The morning digest: at 08:00 in each user's time zone on working days, one e-mail with their overdue
 * and today's activities (nothing when there is none), also in the bell. Exactly once per user and day,
 * whatever the number of workers or restarts: the notification is stored under `digest:<user>:<local date>`
 * (a unique key), and its e-mail goes only to whoever holds its lease, as reminders do.
 */
@injectable()
export class DigestService {
  constructor(
    @inject(DIGEST_REPOSITORY) private readonly digests: DigestRepository,
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository,
    @inject(MAILER) private readonly mailer: Mailer | null,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(APP_URL) private readonly appUrl: string,
    @inject(LOGGER) private readonly log: Log,
  ) {}

  /** Sends the digests now due; returns how many e-mails this call sent. */
  async scan(): Promise<number> {
    let sent = 0;
    for (const recipient of await this.digests.recipients()) {
      try {
        if (await this.sendTo(recipient)) sent++;
      } catch (error) {
        this.log.warn({ err: error, userId: recipient.userId }, 'could not send a morning digest');
      }
    }
    return sent;
  }

  private async sendTo({ userId, settings }: DigestRecipient): Promise<boolean> {
    const now = this.clock.now();
    const local = localClock(now, settings.timeZone);
    if (local.weekday > 5 || local.hour < DIGEST_HOUR || local.hour >= DIGEST_UNTIL_HOUR) return false;
    const items = await this.digests.pendingDueBefore(userId, nextLocalMidnight(now, settings.timeZone));
    if (items.length === 0) return false;
    const overdue = items.filter((item) => item.dueDate.getTime() < now.getTime());
    const today = items.filter((item) => item.dueDate.getTime() >= now.getTime());
    const message = digestMessage({
      overdue,
      today,
      language: settings.language,
      timeZone: settings.timeZone,
      appUrl: this.appUrl,
    });
    const dedupeKey = `digest:${userId}:${local.date}`;
    const notification = await this.notifications.record({
      userId,
      kind: 'activity.digest',
      activityId: null,
      title: message.title,
      body: message.body,
      subject: null,
      dueAt: null,
      link: '/crm/activities',
      dedupeKey,
      createdAt: now,
      emailStatus: this.mailer && settings.email ? 'pending' : 'none',
    });
    if (notification.emailStatus !== 'pending' || !this.mailer || !settings.email) return false;
    // Sent already, or another worker holds it (a crashed one's lease runs out and a later scan sends it).
    if (!(await this.notifications.claimEmail(notification.id, now, new Date(now.getTime() + EMAIL_LEASE_MS))))
      return false;
    try {
      await this.mailer.send({
        to: settings.email,
        subject: notification.title,
        text: message.emailText,
        messageId: `<${dedupeKey.replace(/:/g, '.')}@funil>`,
      });
    } catch (error) {
      await this.notifications.releaseEmail(notification.id, deliveryFailureReason(error));
      throw error;
    }
    await this.notifications.emailSent(notification.id, this.clock.now());
    return true;
  }
}
