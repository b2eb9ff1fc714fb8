import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { Notification, NotificationSettings } from '../../domain/notifications/notification';
import type { NewNotification, NotificationRepository } from '../../domain/notifications/notifications.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const NotificationModel = tableModel('notifications');
const NotificationSettingsModel = tableModel('notificationSettings', { idColumn: 'userId' });

const COLUMNS = ['id', 'userId', 'kind', 'activityId', 'title', 'body', 'subject', 'dueAt', 'link', 'createdAt', 'readAt', 'emailStatus', 'emailError'];

/** Settings as stored, or the defaults when the user never saved any. */
export function settingsOf(row: Record<string, unknown>): NotificationSettings {
  const stored = row as Partial<NotificationSettings>;
  return {
    email: stored.email ?? null,
    language: stored.language ?? 'pt',
    timeZone: stored.timeZone ?? 'UTC',
    reminderEmails: stored.reminderEmails ?? true,
    morningDigest: stored.morningDigest ?? true,
  };
}

@injectable()
export class KnexNotificationRepository implements NotificationRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return NotificationModel.query(this.uow.db);
  }

  async record(values: NewNotification): Promise<Notification> {
    // One statement either way: the no-op update makes RETURNING give the existing row on a conflict.
    const row = await this.query().insert(values as object).onConflict('dedupeKey').merge({ dedupeKey: raw('excluded.dedupe_key') }).returning(COLUMNS);
    return plain<Notification>(row);
  }

  async claimEmail(id: number, now: Date, leaseUntil: Date): Promise<boolean> {
    const claimed = await this.query()
      .patch({ emailLeaseUntil: leaseUntil })
      .where({ id, emailStatus: 'pending' })
      .where((q) => q.whereNull('emailLeaseUntil').orWhere('emailLeaseUntil', '<', now));
    return claimed === 1;
  }

  async emailSent(id: number, at: Date): Promise<void> {
    await this.query().patch({ emailStatus: 'sent', emailSentAt: at, emailLeaseUntil: null, emailError: null }).findById(id);
  }

  async releaseEmail(id: number, error: string): Promise<void> {
    await this.query().patch({ emailLeaseUntil: null, emailError: error }).where({ id, emailStatus: 'pending' });
  }

  async emailFailed(dedupeKey: string, error: string): Promise<void> {
    await this.query().patch({ emailStatus: 'failed', emailError: error, emailLeaseUntil: null }).where({ dedupeKey, emailStatus: 'pending' });
  }

  list(userId: number, page: PageRequest): Promise<Page<Notification>> {
    return keysetPage(this.query().where({ userId }).select(COLUMNS), page, (row) => plain<Notification>(row));
  }

  unreadCount(userId: number): Promise<number> {
    return this.query().where({ userId }).whereNull('readAt').resultSize();
  }

  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    return (await this.query().patch({ readAt: raw('coalesce(read_at, ?)', [at]) }).where({ id, userId })) === 1;
  }

  async settings(userId: number): Promise<NotificationSettings> {
    return settingsOf((await NotificationSettingsModel.query(this.uow.db).findById(userId)) ?? {});
  }

  async saveSettings(userId: number, settings: NotificationSettings): Promise<void> {
    await NotificationSettingsModel.query(this.uow.db).insert({ userId, ...settings }).onConflict('userId').merge();
  }
}
