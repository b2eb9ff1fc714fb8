import { inject, injectable } from 'inversify';
import {
  DEFAULT_REMINDER_MINUTES,
  type DueReminder,
  type ReminderChoice,
  type ReminderToSend,
} from '../../domain/notifications/notification';
import type { ReminderRepository } from '../../domain/notifications/notifications.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { settingsOf } from './knex-notification.repository';

const ReminderChoiceModel = tableModel('activityReminderChoices', { idColumn: 'activityId' });

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

// SKIP LOCKED: two scans at once each take different rows, never the same one. The due ones and the stale
// claims are looked up apart, each along its own index (status and remind_at; claimed_at of the queued ones), so
// a claim reads one batch of rows however many are due or queued (one condition with OR sorted them all each time).
const CLAIM = `
  WITH due AS (
    SELECT activity_id, remind_at FROM activity_reminders
    WHERE status = 'pending' AND remind_at <= ?
    ORDER BY remind_at LIMIT ? FOR UPDATE SKIP LOCKED
  ), stale AS (
    SELECT activity_id, remind_at FROM activity_reminders
    WHERE status = 'queued' AND claimed_at < ?
    ORDER BY claimed_at LIMIT ? FOR UPDATE SKIP LOCKED
  ), picked AS (
    SELECT activity_id FROM (SELECT * FROM stale UNION ALL SELECT * FROM due) b ORDER BY remind_at LIMIT ?
  )
  UPDATE activity_reminders r SET status = 'queued', claimed_at = ?
  WHERE r.activity_id IN (SELECT activity_id FROM picked)
  RETURNING r.activity_id AS "activityId", r.remind_at AS "remindAt"`;

// The batch as one JSON parameter: [{ activity_id, remind_at }, ...].
const BATCH = `jsonb_to_recordset(?::jsonb) AS b(activity_id int, remind_at timestamptz)`;

const FIND_CLAIMED = `
  SELECT r.activity_id AS "activityId", r.user_id AS "userId", r.remind_at AS "remindAt", r.due_at AS "dueAt", r.status, a.subject,
         s.email, s.language, s.time_zone AS "timeZone", s.reminder_emails AS "reminderEmails", s.morning_digest AS "morningDigest"
  FROM ${BATCH}
  JOIN activity_reminders r ON r.activity_id = b.activity_id AND r.remind_at = b.remind_at
  JOIN activities a ON a.id = r.activity_id
  LEFT JOIN notification_settings s ON s.user_id = r.user_id
  WHERE r.status IN ('pending', 'queued')
  ORDER BY r.activity_id`;

const MARK_SENT = `
  UPDATE activity_reminders r SET status = 'sent', sent_at = ?, error = NULL
  FROM ${BATCH}
  WHERE r.activity_id = b.activity_id AND r.remind_at = b.remind_at`;

const MARK_FAILED = `
  UPDATE activity_reminders r SET status = 'failed', error = ?
  FROM ${BATCH}
  WHERE r.activity_id = b.activity_id AND r.remind_at = b.remind_at AND r.status <> 'sent'`;

const batchJson = (batch: DueReminder[]) =>
  JSON.stringify(batch.map((r) => ({ activity_id: r.activityId, remind_at: r.remindAt.toISOString() })));

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
    const { rows } = await this.uow.db.raw(CLAIM, [now, limit, staleBefore, limit, limit, now]);
    return rows.map((r: { activityId: number; remindAt: string | Date }) => ({
      activityId: r.activityId,
      remindAt: new Date(r.remindAt),
    }));
  }

  async findClaimed(batch: DueReminder[]): Promise<ReminderToSend[]> {
    if (batch.length === 0) return [];
    const { rows } = await this.uow.db.raw(FIND_CLAIMED, [batchJson(batch)]);
    return rows.map(
      ({
        email,
        language,
        timeZone,
        reminderEmails,
        morningDigest,
        remindAt,
        dueAt,
        ...reminder
      }: Record<string, unknown>) => ({
        ...(reminder as Pick<ReminderToSend, 'activityId' | 'userId' | 'status' | 'subject'>),
        remindAt: new Date(remindAt as string),
        dueAt: new Date(dueAt as string),
        settings: settingsOf({ email, language, timeZone, reminderEmails, morningDigest }),
      }),
    );
  }

  async markSent(batch: DueReminder[], at: Date): Promise<void> {
    if (batch.length > 0) await this.uow.db.raw(MARK_SENT, [at, batchJson(batch)]);
  }

  async markFailed(batch: DueReminder[], error: string): Promise<void> {
    if (batch.length > 0) await this.uow.db.raw(MARK_FAILED, [error, batchJson(batch)]);
  }
}
