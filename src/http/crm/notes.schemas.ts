import Joi from 'joi';
import {
  CALL_OUTCOMES,
  NOTE_BODY_MAX,
  NOTE_DURATION_MAX,
  NOTE_KINDS,
  type NextActivity,
  type Note,
  type NoteChanges,
  type NoteFields,
  type NoteInput,
  type TimelineNote,
} from '../../domain/notes/note';
import { id, responseObject, timestamp } from '../response.schemas';
import { activitySchemas } from './activities.schemas';
import { ignoredCreatedBy, listQuery, recordId } from './crm.schemas';

/** The list's filters as the client names them. */
interface NoteQuery {
  contact?: number;
  deal?: number;
  company?: number;
  pinned?: boolean;
}

const fields: Joi.StrictSchemaMap<Required<NoteFields>> = {
  kind: Joi.string().valid(...NOTE_KINDS),
  body: Joi.string()
    .trim()
    .min(1)
    .max(NOTE_BODY_MAX)
    .description('The text, 1 to 20,000 characters (a Markdown subset: bold, italics, lists, links); kept as typed'),
  outcome: Joi.string()
    .valid(...CALL_OUTCOMES)
    .allow(null)
    .description('How a call went; calls only (400 for another kind)'),
  durationMin: Joi.number().integer().min(0).max(NOTE_DURATION_MAX).allow(null).description('Minutes, 0 to 1440'),
  occurredAt: Joi.date()
    .iso()
    .min('1900-01-01T00:00:00Z')
    .max('9999-12-31T23:59:59Z')
    .description('When it happened (ISO 8601 date-time); defaults to now'),
};

/** An activity field as the activity routes validate it. */
const activityField = (key: keyof NextActivity): Joi.Schema => activitySchemas.create.extract(key) as Joi.Schema;

const next = Joi.object<NextActivity>({
  type: activityField('type').required(),
  subject: activityField('subject').required(),
  // The bounds of the activities' dueDate, but required: a next step is planned for a time.
  dueDate: fields.occurredAt.required().description('ISO 8601 date-time'),
  priority: activityField('priority'),
  assignedTo: activityField('assignedTo'),
  description: activityField('description'),
  duration: activityField('duration'),
}).description("The follow-up activity, created on the note's contact and deal in the same transaction");

const timelineNoteKeys = {
  id,
  kind: fields.kind,
  body: Joi.string(),
  outcome: fields.outcome,
  durationMin: fields.durationMin,
  occurredAt: timestamp,
  pinned: Joi.boolean(),
  editedAt: timestamp.allow(null).description('When its content last changed; null: never edited'),
  createdBy: id.allow(null).description('The author; null once that user was deleted'),
} satisfies Joi.StrictSchemaMap<TimelineNote>;

const item = {
  ...timelineNoteKeys,
  contactId: id.allow(null),
  dealId: id.allow(null),
  companyId: id.allow(null).description('A note on the company itself'),
  activityId: id.allow(null).description('The activity the note reports on (completed with it)'),
  authorName: Joi.string().allow(null),
  createdAt: timestamp,
} satisfies Joi.StrictSchemaMap<Note>;

export const noteSchemas = {
  listQuery: listQuery<NoteQuery>({
    contact: recordId.description("The contact's notes"),
    deal: recordId.description("The deal's notes"),
    company: recordId.description("The company's notes and those of its people and its deals"),
    pinned: Joi.boolean().description('true: only the pinned notes; false: only the others'),
  }),
  create: Joi.object<NoteInput & { createdBy?: unknown }>({
    ...fields,
    contactId: recordId.allow(null).description("With activityId, defaults to the activity's"),
    dealId: recordId
      .allow(null)
      .description("With activityId, defaults to the activity's; given alone, the deal's contact is the note's too"),
    companyId: recordId
      .allow(null)
      .description("A note on the company itself; with activityId, defaults to the activity's"),
    activityId: recordId.description('The activity the note reports on: it is completed in the same transaction'),
    next,
    createdBy: ignoredCreatedBy,
  }).fork(['kind', 'body'], (s) => s.required()),
  update: Joi.object<NoteChanges & { createdBy?: unknown }>({
    ...fields,
    pinned: Joi.boolean().description('Pin to the top of its contact or deal (pinning is not an edit)'),
    createdBy: ignoredCreatedBy,
  }).min(1),
  item: responseObject(item),
  created: responseObject({
    ...item,
    nextActivityId: id.allow(null).description('The follow-up activity created from `next`; null without one'),
  }),
  /** What a timeline entry about a note shows of it. */
  timelineNote: responseObject(timelineNoteKeys),
};
