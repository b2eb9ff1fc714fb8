import { inject, injectable } from 'inversify';
import { DEFAULT_REMINDER_MINUTES, type DueReminder, type ReminderChoice, type ReminderToSend } from '../../domain/notifications/notification';
import type { ReminderRepository } from '../../domain/notifications/notifications.ports';
import { DATABASE } from '../../domain/shared/shared.tokens';
import type { Database } from '../db/database';
import { settingsOf } from './knex-notification.repository';

// One statement: the reminder the activity should have now, inserted, moved, or deleted.
const SYNC = `
  WITH wanted AS (
    SELECT a.id, a.assigned_to, a.due_date,
           a.due_date - make_interval(mins => CASE WHEN c.activity_id IS NULL THEN ${DEFAULT_REMINDER_MINUTES} ELSE c.minutes END) AS remind_at
    FROM activities a
    LEFT JOIN activity_reminder_choices c ON c.activity_id = a.id
    WHERE a.id = ? AND a.status = 'pending' AND a.due_date IS NOT NULL AND a.assigned_to IS NOT NULL
      AND (c.activity_id IS NULL OR c.minutes IS NOT NULL) AND a.due_date > ?
  ),
  gone AS (
    DELETE FROM activity_reminders WHERE activity_id = ? AND NOT EXISTS (SELECT 1 FROM wanted)
  )
  INSERT INTO activity_reminders (activity_id, user_id, due_at, remind_at, status)
  SELECT id, assigned_to, due_date, remind_at, 'pending' FROM wanted
  ON CONFLICT (activity_id) DO UPDATE SET
    due_at = excluded.due_at,
    status = CASE WHEN activity_reminders.remind_at = excluded.remind_at AND activity_reminders.user_id = excluded.user_id
                  THEN activity_reminders.status ELSE 'pending' END,
    claimed_at = CASE WHEN activity_reminders.remind_at = excluded.remind_at AND activity_reminders.user_id = excluded.user_id
                  THEN activity_reminders.claimed_at END,
    error = NULL,
    user_id = excluded.user_id,
    remind_at = excluded.remind_at`;

// SKIP LOCKED: two scans at once each take different rows, never the same one.
const CLAIM = `
  UPDATE activity_reminders r SET status = 'queued', claimed_at = ?
  WHERE r.activity_id IN (
    SELECT activity_id FROM activity_reminders
    WHERE (status = 'pending' AND remind_at <= ?) OR (status = 'queued' AND claimed_at < ?)
    ORDER BY remind_at
    LIMIT ?
    FOR UPDATE SKIP LOCKED
  )
  RETURNING r.activity_id AS "activityId", r.remind_at AS "remindAt"`;

@injectable()
export class KnexReminderRepository implements ReminderRepository {
  constructor(@inject(DATABASE) private readonly database: Database) {}

  async setChoice(activityId: number, minutes: ReminderChoice): Promise<void> {
    await this.database.knex('activityReminderChoices').insert({ activityId, minutes }).onConflict('activityId').merge();
  }

  async choice(activityId: number): Promise<ReminderChoice | undefined> {
    const row = await this.database.knex('activityReminderChoices').where({ activityId }).first();
    return row ? (row.minutes as ReminderChoice) : undefined;
  }

  async sync(activityId: number, now: Date): Promise<void> {
    await this.database.knex.raw(SYNC, [activityId, now, activityId]);
  }

  async claimDue(now: Date, staleBefore: Date, limit: number): Promise<DueReminder[]> {
    const { rows } = await this.database.knex.raw(CLAIM, [now, now, staleBefore, limit]);
    return rows.map((r: { activityId: number; remindAt: string | Date }) => ({ activityId: r.activityId, remindAt: new Date(r.remindAt) }));
  }

  async find(activityId: number): Promise<ReminderToSend | null> {
    const row = await this.database
      .knex('activityReminders as r')
      .join('activities as a', 'a.id', 'r.activityId')
      .leftJoin('notificationSettings as s', 's.userId', 'r.userId')
      .where('r.activityId', activityId)
      .first('r.activityId', 'r.userId', 'r.remindAt', 'r.dueAt', 'r.status', 'a.subject', 's.email', 's.language', 's.timeZone');
    if (!row) return null;
    return {
      activityId: row.activityId,
      userId: row.userId,
      remindAt: new Date(row.remindAt),
      dueAt: new Date(row.dueAt),
      status: row.status,
      subject: row.subject,
      settings: settingsOf(row),
    };
  }

  async markSent(activityId: number, remindAt: Date, at: Date): Promise<void> {
    await this.database.knex('activityReminders').where({ activityId, remindAt }).update({ status: 'sent', sentAt: at, error: null });
  }

  async markFailed(activityId: number, remindAt: Date, error: string): Promise<void> {
    await this.database.knex('activityReminders').where({ activityId, remindAt }).whereNot('status', 'sent').update({ status: 'failed', error });
  }
}
