import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import type { Notification, NotificationSettings } from '../../domain/notifications/notification';
import type { NewNotification, NotificationRepository } from '../../domain/notifications/notifications.ports';
import { DATABASE } from '../../domain/shared/shared.tokens';
import type { Database } from '../db/database';
import { keysetPage } from '../db/keyset-page';

const COLUMNS = ['id', 'userId', 'kind', 'activityId', 'title', 'body', 'subject', 'dueAt', 'link', 'createdAt', 'readAt', 'emailStatus', 'emailError'];

/** Settings as stored, or the defaults when the user never saved any. */
export function settingsOf(row: { email?: string | null; language?: string | null; timeZone?: string | null }): NotificationSettings {
  return { email: row.email ?? null, language: (row.language as NotificationSettings['language']) ?? 'pt', timeZone: row.timeZone ?? 'UTC' };
}

@injectable()
export class KnexNotificationRepository implements NotificationRepository {
  constructor(@inject(DATABASE) private readonly database: Database) {}

  private get knex() {
    return this.database.knex;
  }

  async record(values: NewNotification): Promise<Notification> {
    // One statement either way: the no-op update makes RETURNING give the existing row on a conflict.
    const [row] = await this.knex('notifications')
      .insert(values)
      .onConflict('dedupeKey')
      .merge({ dedupeKey: this.knex.raw('excluded.dedupe_key') })
      .returning(COLUMNS);
    return row;
  }

  async claimEmail(id: number, now: Date, leaseUntil: Date): Promise<boolean> {
    const claimed = await this.knex('notifications')
      .where({ id, emailStatus: 'pending' })
      .where((q) => q.whereNull('emailLeaseUntil').orWhere('emailLeaseUntil', '<', now))
      .update({ emailLeaseUntil: leaseUntil });
    return claimed === 1;
  }

  async emailSent(id: number, at: Date): Promise<void> {
    await this.knex('notifications').where({ id }).update({ emailStatus: 'sent', emailSentAt: at, emailLeaseUntil: null, emailError: null });
  }

  async releaseEmail(id: number, error: string): Promise<void> {
    await this.knex('notifications').where({ id, emailStatus: 'pending' }).update({ emailLeaseUntil: null, emailError: error });
  }

  async emailFailed(dedupeKey: string, error: string): Promise<void> {
    await this.knex('notifications').where({ dedupeKey, emailStatus: 'pending' }).update({ emailStatus: 'failed', emailError: error, emailLeaseUntil: null });
  }

  list(userId: number, page: PageRequest): Promise<Page<Notification>> {
    return keysetPage(this.knex('notifications').where({ userId }).select(COLUMNS), 'id', page, (row: Notification) => row);
  }

  async unreadCount(userId: number): Promise<number> {
    const [{ count }] = await this.knex('notifications').where({ userId }).whereNull('readAt').count({ count: '*' });
    return Number(count);
  }

  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    const found = await this.knex('notifications').where({ id, userId }).update({ readAt: this.knex.raw('coalesce(read_at, ?)', [at]) });
    return found === 1;
  }

  async settings(userId: number): Promise<NotificationSettings> {
    return settingsOf((await this.knex('notificationSettings').where({ userId }).first()) ?? {});
  }

  async saveSettings(userId: number, settings: NotificationSettings): Promise<void> {
    await this.knex('notificationSettings').insert({ userId, ...settings }).onConflict('userId').merge();
  }
}
