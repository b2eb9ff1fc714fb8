/** Minutes before the due time; null: no reminder. */
export const REMINDER_CHOICES = [null, 0, 5, 15, 30, 60, 1440] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];
export const DEFAULT_REMINDER_MINUTES = 15;

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export type EmailStatus = 'none' | 'pending' | 'sent' | 'failed';

export interface Notification {
  id: number;
  userId: number;
  kind: 'activity.reminder' | 'activity.digest' | 'webhook.disabled';
  activityId: number | null;
  title: string;
  body: string;
  /** What it is about and when that is due, so the app can word it in its own language; null on older ones. */
  subject: string | null;
  dueAt: Date | null;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
  emailStatus: EmailStatus;
  emailError: string | null;
}

export interface NotificationSettings {
  email: string | null;
  language: Language;
  timeZone: string;
  /** Reminders also go by e-mail (when there is an address). */
  reminderEmails: boolean;
  /** The morning digest of overdue and today's activities. */
  morningDigest: boolean;
}

/** What a client sends: the switches it leaves out keep their value. */
export type NotificationSettingsInput = Omit<NotificationSettings, 'reminderEmails' | 'morningDigest'> &
  Partial<Pick<NotificationSettings, 'reminderEmails' | 'morningDigest'>>;

/** A claimed reminder, as the scan hands it to a send job. */
export interface DueReminder {
  activityId: number;
  remindAt: Date;
}

/** What the send job needs: the reminder still as claimed, its activity and the assignee's settings. */
export interface ReminderToSend {
  activityId: number;
  userId: number;
  remindAt: Date;
  dueAt: Date;
  status: 'pending' | 'queued' | 'sent' | 'failed';
  subject: string;
  settings: NotificationSettings;
}
