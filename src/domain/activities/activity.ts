import type { ListSort } from '../shared/list-page';
import type { ReminderChoice } from '../notifications/notification';

export const ACTIVITY_TYPES = ['task', 'call', 'email', 'meeting', 'note'] as const;
export const ACTIVITY_STATUSES = ['pending', 'completed'] as const;
export const ACTIVITY_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];

export interface Activity {
  id: number;
  type: ActivityType;
  subject: string;
  description: string | null;
  status: ActivityStatus;
  priority: ActivityPriority;
  dueDate: Date | null;
  completedAt: Date | null;
  /** Minutes. */
  duration: number | null;
  contactId: number | null;
  contactName: string | null;
  dealId: number | null;
  dealTitle: string | null;
  /** An activity with the company itself (a call to the organization rather than one of its people). */
  companyId: number | null;
  companyName: string | null;
  assignedTo: number | null;
  assignedToName: string | null;
  /** Minutes before dueDate the assignee is reminded; null: no reminder. */
  reminderMinutes: ReminderChoice;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ActivityFields = Pick<
  Activity,
  | 'type'
  | 'subject'
  | 'description'
  | 'status'
  | 'priority'
  | 'dueDate'
  | 'duration'
  | 'contactId'
  | 'dealId'
  | 'companyId'
  | 'assignedTo'
>;

export type ActivityColumns = Partial<ActivityFields> & { completedAt?: Date | null };
export type NewActivity = ActivityColumns & Pick<ActivityFields, 'subject'> & { createdBy: number };

export interface ActivityFilter {
  assignedTo?: number;
  type?: ActivityType;
  status?: ActivityStatus;
  contactId?: number;
  dealId?: number;
  /** The company's activities and those of its people and its deals. */
  companyId?: number;
  /** Only activities assigned to or created by this user. */
  involving?: number;
  /** Due at or after this instant. */
  dueFrom?: Date;
  /** Due before this instant. */
  dueBefore?: Date;
  /**
   * newest: latest created first (the default); due: soonest due first, undated last (a to-do list);
   * completed: latest completed first.
   */
  order?: ActivityOrder;
  /** A column's order instead (a table's), with keyset pages: `order` is then left out. */
  sort?: ListSort;
}

/** The columns an activities list can be ordered by (its subject with case and accents ignored; priority by rank). */
export const ACTIVITY_SORTS = [
  'subject',
  'type',
  'priority',
  'dueDate',
  'completedAt',
  'createdAt',
  'updatedAt',
] as const;
export type ActivitySortField = (typeof ACTIVITY_SORTS)[number];

export const ACTIVITY_ORDERS = ['newest', 'due', 'completed'] as const;
export type ActivityOrder = (typeof ACTIVITY_ORDERS)[number];

/** How many of the activities a filter matches are pending and how many completed. */
export interface ActivityCounts {
  pending: number;
  completed: number;
}

export const ACTIVITY_TRACKED_FIELDS = [
  'type',
  'subject',
  'description',
  'status',
  'priority',
  'dueDate',
  'completedAt',
  'duration',
  'contactId',
  'dealId',
  'assignedTo',
] as const satisfies readonly (keyof Activity)[];
