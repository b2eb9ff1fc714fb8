import Joi from 'joi';
import {
  TIMELINE_ACTIONS,
  TIMELINE_ENTITY_TYPES,
  type RecentActivityItem,
  type TimelineEntry,
} from '../../domain/timeline/timeline';
import { id, pageResponse, responseObject, timestamp } from '../response.schemas';
import { listQuery } from './crm.schemas';
import { noteSchemas } from './notes.schemas';

export const timelineQuery = listQuery({});

const entry = {
  id: Joi.string().pattern(/^\d+$/),
  entityType: Joi.string().valid(...TIMELINE_ENTITY_TYPES),
  entityId: id,
  action: Joi.string().valid(...TIMELINE_ACTIONS),
  entityName: Joi.string().description('The name or title when the change was made'),
  userName: Joi.string().allow(null).description('Who made the change; null once that user was deleted'),
  at: timestamp,
} satisfies Joi.StrictSchemaMap<RecentActivityItem>;

/** A field's value as JSON (dates as ISO strings). */
const fieldValue = Joi.alternatives(
  Joi.string(),
  Joi.number(),
  Joi.boolean(),
  Joi.array(),
  Joi.object().unknown(true),
  Joi.valid(null),
);

/** A page of timeline entries, newest first. */
export const timelinePage = pageResponse(
  responseObject({
    ...entry,
    changes: Joi.array().items(responseObject({ field: Joi.string(), oldValue: fieldValue, newValue: fieldValue })),
    contactId: id.allow(null).description('The contact the change belongs to'),
    dealId: id
      .optional()
      .description("The deal whose timeline shows the entry besides the deal's own (a note about it)"),
    userId: id.allow(null),
    importId: id.optional().description('The contact import that made the change; absent when a person made it'),
    bulk: Joi.boolean().description('Written by a bulk change of many contacts (POST /api/crm/contacts/bulk)'),
    apiKeyName: Joi.string()
      .optional()
      .description("Made through the person's API key of this name (its name then); absent when signed in"),
    formName: Joi.string()
      .optional()
      .description("Made by a submission of the web form of this name (its name then), in its lead owner's name"),
    note: noteSchemas.timelineNote
      .allow(null)
      .optional()
      .description('On the entries of a note only: the note as it is now (its author in userName); null once deleted'),
  } satisfies Joi.StrictSchemaMap<TimelineEntry>),
);

/** The dashboard's recent-activity list: entries without their changes. */
export const recentActivityItem = responseObject(entry);
