import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../shared/list-page';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { CLOCK } from '../shared/shared.tokens';
import type { Notification, NotificationSettings, NotificationSettingsInput } from './notification';
import type { NotificationRepository } from './notifications.ports';
import { NOTIFICATION_REPOSITORY } from './notifications.tokens';

/** Each user's own notifications (the bell) and how they want reminders. */
@injectable()
export class NotificationsService {
  constructor(
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(userId: number, page: PageRequest): Promise<Page<Notification> & { unread: number }> {
    const [items, unread] = [await this.notifications.list(userId, page), await this.notifications.unreadCount(userId)];
    return { ...items, unread };
  }

  /** Someone else's notification is not found. */
  async markRead(userId: number, id: number): Promise<{ unread: number }> {
    if (!(await this.notifications.markRead(userId, id, this.clock.now())))
      throw new AppError('NOTIFICATION.NOT_FOUND', 'Notification not found');
    return { unread: await this.notifications.unreadCount(userId) };
  }

  settings(userId: number): Promise<NotificationSettings> {
    return this.notifications.settings(userId);
  }

  async saveSettings(userId: number, input: NotificationSettingsInput): Promise<NotificationSettings> {
    const settings = { ...(await this.notifications.settings(userId)), ...input };
    await this.notifications.saveSettings(userId, settings);
    return settings;
  }
}
