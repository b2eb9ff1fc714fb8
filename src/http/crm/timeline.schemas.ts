import Joi from 'joi';
import { TIMELINE_ACTIONS, TIMELINE_ENTITY_TYPES } from '../../domain/timeline/timeline';
import { id, pageResponse, responseObject, timestamp } from '../response.schemas';
import { listQuery } from './crm.schemas';

export const timelineQuery = listQuery({});

const entry = {
  id: Joi.string().pattern(/^\d+$/),
  entityType: Joi.string().valid(...TIMELINE_ENTITY_TYPES),
  entityId: id,
  action: Joi.string().valid(...TIMELINE_ACTIONS),
  entityName: Joi.string().description('The name or title when the change was made'),
  userName: Joi.string().allow(null).description('Who made the change; null once that user was deleted'),
  at: timestamp,
};

/** A page of timeline entries, newest first. */
export const timelinePage = pageResponse(
  responseObject({
    ...entry,
    changes: Joi.array().items(responseObject({ field: Joi.string(), oldValue: Joi.any(), newValue: Joi.any() })),
    contactId: id.allow(null).description('The contact the change belongs to'),
    userId: id.allow(null),
  }),
);

/** The dashboard's recent-activity list: entries without their changes. */
export const recentActivityItem = responseObject(entry);
