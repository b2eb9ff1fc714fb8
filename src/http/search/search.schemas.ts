import Joi from 'joi';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../../domain/activities/activity';
import { NOTE_KINDS } from '../../domain/notes/note';
import type { ActivityHit, ContactHit, DealHit, NoteHit, SearchResults, TemplateHit } from '../../domain/search/search';
import { id, responseObject, timestamp } from '../response.schemas';

export const SEARCH_LIMIT_MAX = 10;

export const searchSchemas = {
  query: Joi.object<{ q: string; limit: number }, true>({
    q: Joi.string().trim().min(1).max(100).required().description('The text to find; case and accents ignored'),
    limit: Joi.number()
      .integer()
      .min(1)
      .max(SEARCH_LIMIT_MAX)
      .default(5)
      .description('At most this many hits per kind'),
  }),
  response: responseObject({
    contacts: Joi.array().items(
      responseObject({
        id,
        name: Joi.string(),
        company: Joi.string().allow(null),
        email: Joi.string().allow(null),
        phone: Joi.string().allow(null),
      } satisfies Joi.StrictSchemaMap<ContactHit>),
    ),
    deals: Joi.array().items(
      responseObject({
        id,
        title: Joi.string(),
        stage: Joi.string(),
        value: Joi.string().description('Decimal string'),
        currency: Joi.string(),
        contactName: Joi.string().allow(null),
      } satisfies Joi.StrictSchemaMap<DealHit>),
    ),
    activities: Joi.array().items(
      responseObject({
        id,
        subject: Joi.string(),
        type: Joi.string().valid(...ACTIVITY_TYPES),
        status: Joi.string().valid(...ACTIVITY_STATUSES),
        dueDate: timestamp.allow(null),
        contactName: Joi.string().allow(null),
      } satisfies Joi.StrictSchemaMap<ActivityHit>),
    ),
    templates: Joi.array()
      .items(
        responseObject({
          id,
          name: Joi.string(),
          subject: Joi.string(),
          category: Joi.string().allow(null),
        } satisfies Joi.StrictSchemaMap<TemplateHit>),
      )
      .description('Always empty for roles that cannot read templates'),
    notes: Joi.array()
      .items(
        responseObject({
          id,
          kind: Joi.string().valid(...NOTE_KINDS),
          excerpt: Joi.string().description('About 160 characters around the first match; … where cut'),
          occurredAt: timestamp,
          contactId: id.allow(null),
          contactName: Joi.string().allow(null),
          dealId: id.allow(null),
          dealTitle: Joi.string().allow(null),
          companyId: id.allow(null),
          companyName: Joi.string().allow(null),
        } satisfies Joi.StrictSchemaMap<NoteHit>),
      )
      .description('Notes and calls whose text holds q, newest first, each with the contact and deal it opens'),
  } satisfies Joi.StrictSchemaMap<SearchResults>),
};
