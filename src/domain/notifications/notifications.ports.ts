import type { Page, PageRequest } from '../shared/list-page';
import type {
  DueReminder,
  EmailStatus,
  Notification,
  NotificationSettings,
  ReminderChoice,
  ReminderToSend,
} from './notification';

export interface ReminderRepository {
  setChoice(activityId: number, minutes: ReminderChoice): Promise<void>;
  /** undefined: never chosen (the default applies). */
  choice(activityId: number): Promise<ReminderChoice | undefined>;
  /**
   * Recomputes the activity's reminder from the activity as it is now: none when it has no due date,
   * no assignee, no lead time, is completed or deleted, or is already due; a changed time or assignee
   * makes it pending again, an unchanged one keeps its state (a sent reminder is not sent twice).
   */
  sync(activityId: number, now: Date): Promise<void>;
  /** Claims up to `limit` due reminders, and those claimed before `staleBefore` that never got sent. */
  claimDue(now: Date, staleBefore: Date, limit: number): Promise<DueReminder[]>;
  /** The batch's reminders still as claimed (same time, not yet sent or failed); moved or deleted ones are left out. */
  findClaimed(batch: DueReminder[]): Promise<ReminderToSend[]>;
  /** One statement for the batch; a reminder that moved since (another time) is left alone. */
  markSent(batch: DueReminder[], at: Date): Promise<void>;
  markFailed(batch: DueReminder[], error: string): Promise<void>;
}

export interface NewNotification {
  userId: number;
  kind: Notification['kind'];
  activityId: number | null;
  title: string;
  body: string;
  subject: string | null;
  dueAt: Date | null;
  link: string | null;
  dedupeKey: string;
  createdAt: Date;
  emailStatus: EmailStatus;
}

/** A recorded notification whose email is still to go, with where and how to word it now. */
export interface PendingEmail {
  id: number;
  dedupeKey: string;
  activityId: number | null;
  subject: string | null;
  dueAt: Date | null;
  settings: NotificationSettings;
}

export interface NotificationRepository {
  /** Inserts once per dedupe key; returns the stored notification either way. */
  record(values: NewNotification): Promise<Notification>;
  /** One statement for many: a dedupe key already recorded is skipped; returns how many were inserted. */
  recordMany(values: NewNotification[]): Promise<number>;
  /** Of these dedupe keys, the notifications whose email is pending. */
  pendingEmails(dedupeKeys: string[]): Promise<PendingEmail[]>;
  /** Takes the right to send the email until `leaseUntil`; false when sent or another worker holds it. */
  claimEmail(id: number, now: Date, leaseUntil: Date): Promise<boolean>;
  emailSent(id: number, at: Date): Promise<void>;
  releaseEmail(id: number, error: string): Promise<void>;
  /** After the last attempt: the pending emails of these dedupe keys show as failed. */
  emailFailed(dedupeKeys: string[], error: string): Promise<void>;
  list(userId: number, page: PageRequest): Promise<Page<Notification>>;
  unreadCount(userId: number): Promise<number>;
  markRead(userId: number, id: number, at: Date): Promise<boolean>;
  settings(userId: number): Promise<NotificationSettings>;
  saveSettings(userId: number, settings: NotificationSettings): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Stable per notification, so a receiving server can spot a resend. */
  messageId: string;
}

/** Outgoing email; absent when SMTP is not configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
