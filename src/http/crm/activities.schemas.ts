import Joi from 'joi';
import { ACTIVITY_PRIORITIES, ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../../domain/activities/activity';
import { ignoredCreatedBy, listQuery, optionalText, patchOf, recordId } from './crm.schemas';

const fields = {
  type: Joi.string().valid(...ACTIVITY_TYPES),
  subject: Joi.string().trim().min(1).max(200),
  description: optionalText(10_000),
  status: Joi.string().valid(...ACTIVITY_STATUSES).description('completed stamps completedAt; pending clears it'),
  priority: Joi.string().valid(...ACTIVITY_PRIORITIES),
  dueDate: Joi.date().iso().min('1900-01-01T00:00:00Z').max('9999-12-31T23:59:59Z').allow(null).description('ISO 8601 date-time'),
  duration: Joi.number().integer().min(1).max(525_600).allow(null).description('Minutes'),
  contactId: recordId.allow(null),
  dealId: recordId.allow(null),
  assignedTo: recordId.allow(null).description('Defaults to the signed-in user'),
};

export const activitySchemas = {
  listQuery: listQuery({
    assignedTo: recordId,
    type: Joi.string().valid('all', ...ACTIVITY_TYPES).default('all'),
    status: Joi.string().valid(...ACTIVITY_STATUSES),
    contact: recordId,
    deal: recordId,
  }),
  create: Joi.object({ ...fields, subject: fields.subject.required(), createdBy: ignoredCreatedBy }),
  update: patchOf(fields),
};
