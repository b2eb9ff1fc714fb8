import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Activity, ActivityColumns, ActivityFilter, NewActivity } from '../../domain/activities/activity';
import type { ActivityRepository } from '../../domain/activities/activities.ports';
import { DEFAULT_REMINDER_MINUTES } from '../../domain/notifications/notification';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { keysetPage } from '../db/keyset-page';
import { KnexRecordStore } from '../crm/knex-record-store';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

@injectable()
export class KnexActivityRepository extends KnexRecordStore<Activity, NewActivity, ActivityColumns> implements ActivityRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, 'activities');
  }

  protected selectRecord(db: Knex): Knex.QueryBuilder {
    return db('activities')
      .leftJoin('contacts as contact', 'contact.id', 'activities.contactId')
      .leftJoin('deals as deal', 'deal.id', 'activities.dealId')
      .leftJoin('users as assignee', 'assignee.id', 'activities.assignedTo')
      .leftJoin('activityReminderChoices as reminder', 'reminder.activityId', 'activities.id')
      .select('activities.*', 'contact.name as contactName', 'deal.title as dealTitle', 'assignee.name as assignedToName')
      // No choice row: the default lead time.
      .select(db.raw('case when ?? is null then ? else ?? end as ??', ['reminder.activityId', DEFAULT_REMINDER_MINUTES, 'reminder.minutes', 'reminderMinutes']));
  }

  list(filter: ActivityFilter, page: PageRequest): Promise<Page<Activity>> {
    const query = this.selectRecord(this.uow.db).modify((q) => {
      if (filter.involving !== undefined) {
        const userId = filter.involving;
        q.where((w) => w.where('activities.assignedTo', userId).orWhere('activities.createdBy', userId));
      }
      if (filter.assignedTo !== undefined) q.where('activities.assignedTo', filter.assignedTo);
      if (filter.type !== undefined) q.where('activities.type', filter.type);
      if (filter.status !== undefined) q.where('activities.status', filter.status);
      if (filter.contactId !== undefined) q.where('activities.contactId', filter.contactId);
      if (filter.dealId !== undefined) q.where('activities.dealId', filter.dealId);
    });
    return keysetPage(query, 'activities.id', page, (row: Record<string, unknown>) => this.toRecord(row));
  }
}
