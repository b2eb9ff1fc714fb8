import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { Notification, NotificationSettings } from '../../domain/notifications/notification';
import type {
  NewNotification,
  NotificationRepository,
  PendingEmail,
} from '../../domain/notifications/notifications.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const NotificationModel = tableModel('notifications');
const NotificationSettingsModel = tableModel('notificationSettings', { idColumn: 'userId' });

// One statement for a whole batch: the rows travel as one JSON parameter (the same on PostgreSQL and PGlite).
const RECORD_MANY = `
  INSERT INTO notifications (user_id, kind, activity_id, title, body, subject, due_at, link, dedupe_key, created_at, email_status)
  SELECT user_id, kind, activity_id, title, body, subject, due_at, link, dedupe_key, created_at, email_status
  FROM jsonb_to_recordset(?::jsonb) AS x(user_id int, kind text, activity_id int, title text, body text, subject text,
                                         due_at timestamptz, link text, dedupe_key text, created_at timestamptz, email_status text)
  ON CONFLICT (dedupe_key) DO NOTHING
  RETURNING id`;

const PENDING_EMAILS = `
  SELECT n.id, n.dedupe_key AS "dedupeKey", n.activity_id AS "activityId", n.subject, n.due_at AS "dueAt",
         s.email, s.language, s.time_zone AS "timeZone", s.reminder_emails AS "reminderEmails", s.morning_digest AS "morningDigest"
  FROM notifications n
  LEFT JOIN notification_settings s ON s.user_id = n.user_id
  WHERE n.dedupe_key IN (SELECT jsonb_array_elements_text(?::jsonb)) AND n.email_status = 'pending'
  ORDER BY n.id`;

const COLUMNS = [
  'id',
  'userId',
  'kind',
  'activityId',
  'title',
  'body',
  'subject',
  'dueAt',
  'link',
  'createdAt',
  'readAt',
  'emailStatus',
  'emailError',
];

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
    const row = await this.query()
      .insert(values as object)
      .onConflict('dedupeKey')
      .merge({ dedupeKey: raw('excluded.dedupe_key') })
      .returning(COLUMNS);
    return plain<Notification>(row);
  }

  async recordMany(values: NewNotification[]): Promise<number> {
    if (values.length === 0) return 0;
    const rows = values.map((v) => ({
      user_id: v.userId,
      kind: v.kind,
      activity_id: v.activityId,
      title: v.title,
      body: v.body,
      subject: v.subject,
      due_at: v.dueAt,
      link: v.link,
      dedupe_key: v.dedupeKey,
      created_at: v.createdAt,
      email_status: v.emailStatus,
    }));
    const { rows: inserted } = await this.uow.db.raw(RECORD_MANY, [JSON.stringify(rows)]);
    return inserted.length;
  }

  async pendingEmails(dedupeKeys: string[]): Promise<PendingEmail[]> {
    if (dedupeKeys.length === 0) return [];
    const { rows } = await this.uow.db.raw(PENDING_EMAILS, [JSON.stringify(dedupeKeys)]);
    return rows.map(({ id, dedupeKey, activityId, subject, dueAt, ...settings }: Record<string, unknown>) => ({
      id: Number(id),
      dedupeKey: dedupeKey as string,
      activityId: activityId as number | null,
      subject: subject as string | null,
      dueAt: dueAt ? new Date(dueAt as string) : null,
      settings: settingsOf(settings),
    }));
  }

  async claimEmail(id: number, now: Date, leaseUntil: Date): Promise<boolean> {
    const claimed = await this.query()
      .patch({ emailLeaseUntil: leaseUntil })
      .where({ id, emailStatus: 'pending' })
      .where((q) => q.whereNull('emailLeaseUntil').orWhere('emailLeaseUntil', '<', now));
    return claimed === 1;
  }

  async emailSent(id: number, at: Date): Promise<void> {
    await this.query()
      .patch({ emailStatus: 'sent', emailSentAt: at, emailLeaseUntil: null, emailError: null })
      .findById(id);
  }

  async releaseEmail(id: number, error: string): Promise<void> {
    await this.query().patch({ emailLeaseUntil: null, emailError: error }).where({ id, emailStatus: 'pending' });
  }

  async emailFailed(dedupeKeys: string[], error: string): Promise<void> {
    await this.query()
      .patch({ emailStatus: 'failed', emailError: error, emailLeaseUntil: null })
      .whereIn('dedupeKey', dedupeKeys)
      .where({ emailStatus: 'pending' });
  }

  list(userId: number, page: PageRequest): Promise<Page<Notification>> {
    return keysetPage(this.query().where({ userId }).select(COLUMNS), page, (row) => plain<Notification>(row));
  }

  unreadCount(userId: number): Promise<number> {
    return this.query().where({ userId }).whereNull('readAt').resultSize();
  }

  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    return (
      (await this.query()
        .patch({ readAt: raw('coalesce(read_at, ?)', [at]) })
        .where({ id, userId })) === 1
    );
  }

  async settings(userId: number): Promise<NotificationSettings> {
    return settingsOf((await NotificationSettingsModel.query(this.uow.db).findById(userId)) ?? {});
  }

  async saveSettings(userId: number, settings: NotificationSettings): Promise<void> {
    await NotificationSettingsModel.query(this.uow.db)
      .insert({ userId, ...settings })
      .onConflict('userId')
      .merge();
  }
}
