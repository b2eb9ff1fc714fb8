import { inject, injectable } from 'inversify';
import { raw, type QueryBuilder } from 'objection';
import {
  ACTIVITY_PRIORITIES,
  type Activity,
  type ActivityColumns,
  type ActivityCounts,
  type ActivityFilter,
  type ActivitySortField,
  type NewActivity,
} from '../../domain/activities/activity';
import type { ActivityRepository } from '../../domain/activities/activities.ports';
import { DEFAULT_REMINDER_MINUTES } from '../../domain/notifications/notification';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel, type BaseModel } from '../db/base.model';
import { countTotal, decodeCursor, encodeCursor } from '../db/keyset-page';
import { foldedColumn, sortColumnOf, sortedPage, type SortColumn } from '../db/sorted-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced, whereAboutCompany } from '../crm/knex-record-store';

const ActivityModel = tableModel('activities', { hasUpdatedAt: true });

/** A priority's rank, low first: the expression activities_priority_sort_index is made on. */
const ACTIVITY_PRIORITY_RANK = `CASE activities.priority ${ACTIVITY_PRIORITIES.map((p, i) => `WHEN '${p}' THEN ${i}`).join(' ')} END`;

/** The columns an activities list can be ordered by (activities_*_sort_index); priority by rank, low first. */
const ACTIVITY_SORT_COLUMNS: Record<ActivitySortField, SortColumn> = {
  subject: foldedColumn('activities.subject'),
  type: { sql: 'activities.type', cast: 'text' },
  priority: { sql: ACTIVITY_PRIORITY_RANK, cast: 'int' },
  dueDate: { sql: 'activities.due_date', cast: 'timestamptz' },
  completedAt: { sql: 'activities.completed_at', cast: 'timestamptz' },
  createdAt: { sql: 'activities.created_at', cast: 'timestamptz' },
  updatedAt: { sql: 'activities.updated_at', cast: 'timestamptz' },
};

@injectable()
export class KnexActivityRepository
  extends KnexRecordStore<Activity, NewActivity, ActivityColumns>
  implements ActivityRepository
{
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, ActivityModel, [
      'activities.*',
      referenced('contacts', 'name', 'activities.contactId', 'contactName'),
      referenced('deals', 'title', 'activities.dealId', 'dealTitle'),
      referenced('companies', 'name', 'activities.companyId', 'companyName'),
      referenced('users', 'name', 'activities.assignedTo', 'assignedToName'),
      // No choice row: the default lead time; a row with null minutes: no reminder.
      raw(
        '(SELECT CASE WHEN count(*) = 0 THEN ?::int ELSE max(c.minutes) END FROM activity_reminder_choices c WHERE c.activity_id = activities.id) AS reminder_minutes',
        [DEFAULT_REMINDER_MINUTES],
      ),
    ]);
  }

  list(filter: ActivityFilter, page: PageRequest): Promise<Page<Activity>> {
    const query = this.select().modify((q) => this.where(q, filter));
    if (filter.sort)
      return sortedPage(
        query,
        page,
        filter.sort,
        sortColumnOf('activities', ACTIVITY_SORT_COLUMNS, filter.sort),
        (row) => this.toRecord(row),
      );
    if (filter.order === 'due') return this.byInstant(query, 'dueDate', 'asc', page);
    if (filter.order === 'completed') return this.byInstant(query, 'completedAt', 'desc', page);
    return this.page(query, page);
  }

  async counts(filter: Omit<ActivityFilter, 'status' | 'order'>): Promise<ActivityCounts> {
    const rows = await ActivityModel.query(this.uow.db)
      .modify((q) => this.where(q, filter))
      .select('activities.status')
      .count('* as count')
      .groupBy('activities.status');
    const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { pending: of('pending'), completed: of('completed') };
  }

  private where(q: QueryBuilder<BaseModel>, filter: ActivityFilter): void {
    if (filter.involving !== undefined) {
      const userId = filter.involving;
      q.where((w) => w.where('activities.assignedTo', userId).orWhere('activities.createdBy', userId));
    }
    if (filter.assignedTo !== undefined) q.where('activities.assignedTo', filter.assignedTo);
    if (filter.type !== undefined) q.where('activities.type', filter.type);
    if (filter.status !== undefined) q.where('activities.status', filter.status);
    if (filter.contactId !== undefined) q.where('activities.contactId', filter.contactId);
    if (filter.dealId !== undefined) q.where('activities.dealId', filter.dealId);
    if (filter.companyId !== undefined) whereAboutCompany(q, 'activities', filter.companyId);
    if (filter.dueFrom !== undefined) q.where('activities.dueDate', '>=', filter.dueFrom);
    if (filter.dueBefore !== undefined) q.where('activities.dueDate', '<', filter.dueBefore);
  }

  /**
   * A keyset page ordered by an instant that may be missing (those rows last), then the id, both one way.
   * The cursor is the last row's [instant missing 0/1, epoch ms, id]; served by activities_assignee_status_due_index
   * and activities_assignee_status_completed_index.
   */
  private async byInstant(
    query: QueryBuilder<BaseModel>,
    field: 'dueDate' | 'completedAt',
    direction: 'asc' | 'desc',
    page: PageRequest,
  ): Promise<Page<Activity>> {
    const column = `activities.${field}`;
    const after = decodeCursor(page.cursor, 3);
    const total = page.includeTotal ? await countTotal(query) : undefined;
    const beyond = direction === 'asc' ? '>' : '<';
    const rows = await query
      .clone()
      .modify((q) => {
        if (!after) return;
        const [missing, ms, id] = after;
        if (missing) q.whereNull(column).where('activities.id', beyond, id);
        else
          q.where((w) =>
            w.whereNull(column).orWhereRaw(`(??, ??) ${beyond} (?, ?)`, [column, 'activities.id', new Date(ms), id]),
          );
      })
      .orderByRaw(`?? ${direction} nulls last, ?? ${direction}`, [column, 'activities.id'])
      .limit(page.limit + 1);
    const items = rows.slice(0, page.limit);
    const last = items[items.length - 1] as (BaseModel & Record<string, unknown>) | undefined;
    const instant = last?.[field] as Date | string | null | undefined;
    return {
      items: items.map((row) => this.toRecord(row)),
      nextCursor:
        rows.length > page.limit && last
          ? encodeCursor([instant ? 0 : 1, instant ? new Date(instant).getTime() : 0, last.id as number])
          : null,
      ...total,
    };
  }
}
