import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { Activity, ActivityColumns, ActivityFilter, NewActivity } from '../../domain/activities/activity';
import type { ActivityRepository } from '../../domain/activities/activities.ports';
import { DEFAULT_REMINDER_MINUTES } from '../../domain/notifications/notification';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';

const ActivityModel = tableModel('activities', { hasUpdatedAt: true });

@injectable()
export class KnexActivityRepository extends KnexRecordStore<Activity, NewActivity, ActivityColumns> implements ActivityRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, ActivityModel, [
      'activities.*',
      referenced('contacts', 'name', 'activities.contactId', 'contactName'),
      referenced('deals', 'title', 'activities.dealId', 'dealTitle'),
      referenced('users', 'name', 'activities.assignedTo', 'assignedToName'),
      // No choice row: the default lead time; a row with null minutes: no reminder.
      raw('(SELECT CASE WHEN count(*) = 0 THEN ?::int ELSE max(c.minutes) END FROM activity_reminder_choices c WHERE c.activity_id = activities.id) AS reminder_minutes', [
        DEFAULT_REMINDER_MINUTES,
      ]),
    ]);
  }

  list(filter: ActivityFilter, page: PageRequest): Promise<Page<Activity>> {
    const query = this.select().modify((q) => {
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
    return this.page(query, page);
  }
}
