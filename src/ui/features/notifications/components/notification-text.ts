import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/format';
import type { AppNotification } from '../api/get-notifications';

/**
 * The title and text to show, in the app's language when the notification says what it is about;
 * older ones (recorded before subject and due time were kept) show the server's wording.
 */
export function notificationText(notification: AppNotification, t: TFunction): { title: string; body: string } {
  const { subject, dueAt } = notification;
  if (subject === null || dueAt === null) return { title: notification.title, body: notification.body };
  return {
    title: t('notifications.reminderTitle', { subject }),
    body: t('notifications.reminderDue', { due: formatDateTime(dueAt) }),
  };
}
