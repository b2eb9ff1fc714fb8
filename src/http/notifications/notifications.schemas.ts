import Joi from 'joi';
import {
  LANGUAGES,
  REMINDER_CHOICES,
  type Notification,
  type NotificationSettings,
  type NotificationSettingsInput,
  type ReminderChoice,
} from '../../domain/notifications/notification';
import { cursorQuery, idParams } from '../crm/crm.schemas';
import { count, id, nextCursor, responseObject, timestamp } from '../response.schemas';

/** Where and how: the same in what a client sends and what it reads. */
const where = {
  email: Joi.string()
    .trim()
    .max(254)
    .email({ tlds: false })
    .allow(null)
    .required()
    .description('Where reminder emails go; null: none'),
  language: Joi.string()
    .valid(...LANGUAGES)
    .required(),
  timeZone: Joi.string()
    .max(64)
    .required()
    .custom((value: string, helpers) =>
      Intl.supportedValuesOf('timeZone').includes(value) || value === 'UTC' ? value : helpers.error('any.invalid'),
    )
    .description('IANA time zone, e.g. America/Sao_Paulo'),
};

export const notificationSchemas = {
  idParams,
  listQuery: cursorQuery,
  settings: Joi.object<NotificationSettings, true>({
    ...where,
    reminderEmails: Joi.boolean().required(),
    morningDigest: Joi.boolean().required(),
  }),
  settingsBody: Joi.object<NotificationSettingsInput, true>({
    ...where,
    reminderEmails: Joi.boolean().description('Reminders also by e-mail; left out: unchanged (on at first)'),
    morningDigest: Joi.boolean().description(
      "The 08:00 digest of overdue and today's activities on working days; left out: unchanged (on at first)",
    ),
  }),
  reminder: Joi.object<{ minutes: ReminderChoice }, true>({
    minutes: Joi.number()
      .valid(...REMINDER_CHOICES)
      .allow(null)
      .required()
      .description('Minutes before the due time: 0, 5, 15, 30, 60, 1440; null: no reminder'),
  }),
};

const notification = responseObject({
  id,
  userId: id,
  kind: Joi.string().valid('activity.reminder', 'activity.digest', 'webhook.disabled'),
  activityId: id.allow(null),
  title: Joi.string().description("Worded in the language of the user's reminder settings"),
  body: Joi.string(),
  subject: Joi.string()
    .allow(null)
    .description('What it is about, for the app to word in its own language; null on older ones'),
  dueAt: timestamp.allow(null),
  link: Joi.string().allow(null).description('An in-app path, e.g. /crm/activities?activity=12'),
  createdAt: timestamp,
  readAt: timestamp.allow(null),
  emailStatus: Joi.string().valid('none', 'pending', 'sent', 'failed'),
  emailError: Joi.string().allow(null),
} satisfies Joi.StrictSchemaMap<Notification>);

const unread = count.description('How many of my notifications are unread');

/** The settings and reminder answers are the bodies their PUTs take. */
export const notificationResponses = {
  page: responseObject({ items: Joi.array().items(notification), nextCursor, unread }),
  unread: responseObject({ unread }),
};
