import { AppError } from '../shared/app-error';

/** A subject or body names variables nothing fills: 400 naming the field and each variable. */
export class UnknownVariableError extends AppError {
  constructor(unknown: { field: 'subject' | 'body'; name: string }[]) {
    super(
      'TEMPLATE.UNKNOWN_VARIABLE',
      `Unknown variable ${unknown.map((u) => `{{${u.name}}}`).join(', ')}`,
      unknown.map(({ field, name }) => ({
        path: field,
        message: `{{${name}}} is not a known variable`,
        type: 'template.unknownVariable',
      })),
    );
  }
}

/** A deactivated template is kept for the record but not sent any more. */
export class InactiveTemplateError extends AppError {
  constructor() {
    super('TEMPLATE.INACTIVE', 'This template is deactivated');
  }
}

/** The contact has no e-mail (or no phone) for the channel chosen. */
export class NoRecipientError extends AppError {
  constructor(channel: 'email' | 'whatsapp') {
    const what = channel === 'email' ? 'an e-mail address' : 'a phone number for WhatsApp';
    super('TEMPLATE.NO_RECIPIENT', `The contact has no ${what}`, [
      { path: 'channel', message: `The contact has no ${what}` },
    ]);
  }
}

/** A message is not sent with placeholders left in it: each one to fill is named. */
export class MissingValuesError extends AppError {
  constructor(missing: string[]) {
    super(
      'TEMPLATE.MISSING_VALUES',
      `Fill in ${missing.map((name) => `{{${name}}}`).join(', ')} first`,
      missing.map((name) => ({ path: `values.${name}`, message: `{{${name}}} has no value` })),
    );
  }
}
