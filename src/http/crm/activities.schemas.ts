import Joi from 'joi';
import type { ActivityInput } from '../../domain/activities/activities.service';
import {
  ACTIVITY_ORDERS,
  ACTIVITY_PRIORITIES,
  ACTIVITY_SORTS,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type Activity,
  type ActivityCounts,
  type ActivityFilter,
  type ActivitySortField,
} from '../../domain/activities/activity';
import { SORT_ORDERS, type SortOrder } from '../../domain/shared/list-page';
import { REMINDER_CHOICES } from '../../domain/notifications/notification';
import { count, id, responseObject, timestamp } from '../response.schemas';
import { createOf, listQuery, optionalText, patchOf, recordId, recordStamps } from './crm.schemas';

/** The list's filters as the client names them; type `all` means no type filter. */
type ActivityQuery = Pick<ActivityFilter, 'assignedTo' | 'status' | 'dueFrom' | 'dueBefore'> & {
  order?: ActivityFilter['order'] | SortOrder;
  sort?: ActivitySortField;
  type: ActivityFilter['type'] | 'all';
  contact?: number;
  deal?: number;
  company?: number;
};
type CountsQuery = Omit<ActivityQuery, 'status' | 'order' | 'sort'>;

const filters: Joi.StrictSchemaMap<CountsQuery> = {
  assignedTo: recordId,
  type: Joi.string()
    .valid('all', ...ACTIVITY_TYPES)
    .default('all'),
  contact: recordId,
  deal: recordId,
  company: recordId.description("The company's activities and those of its people and its deals"),
  dueFrom: Joi.date().iso().description('Due at or after this ISO 8601 date-time'),
  dueBefore: Joi.date().iso().description('Due before this ISO 8601 date-time'),
};

const fields: Joi.StrictSchemaMap<Required<ActivityInput>> = {
  type: Joi.string().valid(...ACTIVITY_TYPES),
  subject: Joi.string().trim().min(1).max(200),
  description: optionalText(10_000),
  status: Joi.string()
    .valid(...ACTIVITY_STATUSES)
    .description('completed stamps completedAt; pending clears it'),
  priority: Joi.string().valid(...ACTIVITY_PRIORITIES),
  dueDate: Joi.date()
    .iso()
    .min('1900-01-01T00:00:00Z')
    .max('9999-12-31T23:59:59Z')
    .allow(null)
    .description('ISO 8601 date-time'),
  duration: Joi.number().integer().min(1).max(525_600).allow(null).description('Minutes'),
  contactId: recordId.allow(null),
  dealId: recordId.allow(null),
  companyId: recordId.allow(null).description('An activity with the company itself'),
  assignedTo: recordId.allow(null).description('Defaults to the signed-in user'),
  reminderMinutes: Joi.number()
    .valid(...REMINDER_CHOICES)
    .description(
      'Reminder lead time: 0, 5, 15, 30, 60 or 1440 minutes before it is due; null: none; 15 when never chosen',
    ),
};

export const activitySchemas = {
  listQuery: listQuery<ActivityQuery>({
    ...filters,
    status: Joi.string().valid(...ACTIVITY_STATUSES),
    order: Joi.string()
      .valid(...ACTIVITY_ORDERS, ...SORT_ORDERS)
      .description(
        'Without sort: newest (the default), latest created first; due: soonest due first, undated last; completed: latest completed first. With sort: asc (the default) or desc',
      ),
    sort: Joi.string()
      .valid(...ACTIVITY_SORTS)
      .description("Order by this column (a table's order), empty values last either way; priority by rank, low first"),
  }).when(Joi.object({ sort: Joi.exist() }).unknown(), {
    // Concatenated with the key's own rule, which takes either kind: each side refuses the other's.
    then: Joi.object({
      order: Joi.string()
        .invalid(...ACTIVITY_ORDERS)
        .messages({ 'any.invalid': 'with sort, order is asc or desc' }),
    }),
    otherwise: Joi.object({
      order: Joi.string()
        .invalid(...SORT_ORDERS)
        .messages({ 'any.invalid': 'without sort, order is newest, due or completed' }),
    }),
  }),
  countsQuery: Joi.object<CountsQuery, true>(filters),
  counts: responseObject({ pending: count, completed: count } satisfies Joi.StrictSchemaMap<ActivityCounts>),
  create: createOf(fields, ['subject']),
  update: patchOf(fields),
  item: responseObject({
    id,
    type: fields.type,
    subject: Joi.string(),
    description: Joi.string().allow(null),
    status: fields.status,
    priority: fields.priority,
    dueDate: timestamp.allow(null),
    completedAt: timestamp.allow(null),
    duration: fields.duration,
    contactId: id.allow(null),
    contactName: Joi.string().allow(null),
    dealId: id.allow(null),
    dealTitle: Joi.string().allow(null),
    companyId: id.allow(null),
    companyName: Joi.string().allow(null),
    assignedTo: id.allow(null),
    assignedToName: Joi.string().allow(null),
    reminderMinutes: fields.reminderMinutes,
    ...recordStamps,
  } satisfies Joi.StrictSchemaMap<Activity>),
};
