import { inject, injectable } from 'inversify';
import { DEFAULT_REMINDER_MINUTES, type DueReminder, type ReminderChoice, type ReminderToSend } from '../../domain/notifications/notification';
import type { ReminderRepository } from '../../domain/notifications/notifications.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { settingsOf } from './knex-notification.repository';

const ReminderChoiceModel = tableModel('activityReminderChoices', { idColumn: 'activityId' });
const ReminderModel = tableModel('activityReminders', { idColumn: 'activityId' });

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
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async setChoice(activityId: number, minutes: ReminderChoice): Promise<void> {
    await ReminderChoiceModel.query(this.uow.db).insert({ activityId, minutes }).onConflict('activityId').merge();
  }

  async choice(activityId: number): Promise<ReminderChoice | undefined> {
    const row = await ReminderChoiceModel.query(this.uow.db).findById(activityId);
    return row ? (row.minutes as ReminderChoice) : undefined;
  }

  async sync(activityId: number, now: Date): Promise<void> {
    await this.uow.db.raw(SYNC, [activityId, now, activityId]);
  }

  async claimDue(now: Date, staleBefore: Date, limit: number): Promise<DueReminder[]> {
    const { rows } = await this.uow.db.raw(CLAIM, [now, now, staleBefore, limit]);
    return rows.map((r: { activityId: number; remindAt: string | Date }) => ({ activityId: r.activityId, remindAt: new Date(r.remindAt) }));
  }

  async find(activityId: number): Promise<ReminderToSend | null> {
    const row = await ReminderModel.query(this.uow.db)
      .alias('r')
      .join('activities as a', 'a.id', 'r.activityId')
      .leftJoin('notificationSettings as s', 's.userId', 'r.userId')
      .select('r.activityId', 'r.userId', 'r.remindAt', 'r.dueAt', 'r.status', 'a.subject', 's.email', 's.language', 's.timeZone', 's.reminderEmails', 's.morningDigest')
      .findOne('r.activityId', activityId);
    if (!row) return null;
    const { email, language, timeZone, reminderEmails, morningDigest, ...reminder } = plain<Omit<ReminderToSend, 'settings'> & Record<string, unknown>>(row);
    return { ...reminder, settings: settingsOf({ email, language, timeZone, reminderEmails, morningDigest }) };
  }

  async markSent(activityId: number, remindAt: Date, at: Date): Promise<void> {
    await ReminderModel.query(this.uow.db).patch({ status: 'sent', sentAt: at, error: null }).where({ activityId, remindAt });
  }

  async markFailed(activityId: number, remindAt: Date, error: string): Promise<void> {
    await ReminderModel.query(this.uow.db).patch({ status: 'failed', error }).where({ activityId, remindAt }).whereNot('status', 'sent');
  }
}
