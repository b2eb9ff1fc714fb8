import Joi from 'joi';
import { LANGUAGES, REMINDER_CHOICES, type NotificationSettings, type ReminderChoice } from '../../domain/notifications/notification';
import { cursorQuery, idParams } from '../crm/crm.schemas';

export const notificationSchemas = {
  idParams,
  listQuery: cursorQuery,
  settings: Joi.object<NotificationSettings, true>({
    email: Joi.string().trim().max(254).email({ tlds: false }).allow(null).required().description('Where reminder emails go; null: none'),
    language: Joi.string().valid(...LANGUAGES).required(),
    timeZone: Joi.string()
      .max(64)
      .required()
      .custom((value: string, helpers) => (Intl.supportedValuesOf('timeZone').includes(value) || value === 'UTC' ? value : helpers.error('any.invalid')))
      .description('IANA time zone, e.g. America/Sao_Paulo'),
  }),
  reminder: Joi.object<{ minutes: ReminderChoice }, true>({
    minutes: Joi.number().valid(...REMINDER_CHOICES).allow(null).required().description('Minutes before the due time: 0, 5, 15, 30, 60, 1440; null: no reminder'),
  }),
};
