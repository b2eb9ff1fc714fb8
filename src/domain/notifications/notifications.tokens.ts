export const REMINDER_REPOSITORY = Symbol.for('notifications.ReminderRepository');
export const NOTIFICATION_REPOSITORY = Symbol.for('notifications.NotificationRepository');
export const MAILER = Symbol.for('notifications.Mailer');
export const REMINDERS_SERVICE = Symbol.for('notifications.RemindersService');
export const NOTIFICATIONS_SERVICE = Symbol.for('notifications.NotificationsService');
export const DIGEST_REPOSITORY = Symbol.for('notifications.DigestRepository');
export const DIGEST_SERVICE = Symbol.for('notifications.DigestService');
export const APP_URL = Symbol.for('notifications.AppUrl');
