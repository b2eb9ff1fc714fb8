import { inject, injectable } from 'inversify';
import type { DigestItem } from '../../domain/notifications/digest-message';
import type { DigestRecipient, DigestRepository } from '../../domain/notifications/digest.service';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { settingsOf } from './knex-notification.repository';

@injectable()
export class KnexDigestRepository implements DigestRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async recipients(): Promise<DigestRecipient[]> {
    const rows = await this.uow
      .db('notificationSettings as s')
      .join('users as u', 'u.id', 's.userId')
      .where('s.morningDigest', true)
      .whereNotNull('s.email')
      .whereNull('u.disabledAt')
      .select('s.userId', 's.email', 's.language', 's.timeZone', 's.reminderEmails', 's.morningDigest');
    return rows.map(({ userId, ...settings }: { userId: number } & Record<string, unknown>) => ({
      userId,
      settings: settingsOf(settings),
    }));
  }

  // Served by activities_assignee_status_due_index.
  async pendingDueBefore(userId: number, before: Date): Promise<DigestItem[]> {
    const rows = await this.uow
      .db('activities')
      .where({ assignedTo: userId, status: 'pending' })
      .where('dueDate', '<', before)
      .orderBy([{ column: 'dueDate' }, { column: 'id' }])
      .limit(200)
      .select('id', 'subject', 'dueDate');
    return rows.map((row: { id: number; subject: string; dueDate: Date | string }) => ({
      id: row.id,
      subject: row.subject,
      dueDate: new Date(row.dueDate),
    }));
  }
}
