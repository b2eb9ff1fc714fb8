import { z } from 'zod';
import { optionalText } from '../../lib/record-schema';
import { ACTIVITY_PRIORITIES, ACTIVITY_TYPES, type ActivityPriority, type ActivityType } from './api/get-activities';

/** Reminder lead times the API takes, in minutes; null: no reminder. The server's default is 15. */
export const REMINDER_CHOICES = [null, 0, 5, 15, 30, 60, 1440] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];
export const DEFAULT_REMINDER: ReminderChoice = 15;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input shows it, in the viewer's time zone. */
export function toLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// The server's bounds (activities.schemas.ts), checked here first so messages arrive translated.
export function activitySchema(t: (key: string, options?: Record<string, unknown>) => string) {
  const text = (max: number) => optionalText(t, max);
  return z.object({
    type: z.enum(ACTIVITY_TYPES as [ActivityType, ...ActivityType[]]),
    subject: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(200, t('validation.maxLength', { count: 200 })),
    description: text(10_000),
    // A datetime-local value, read in the viewer's time zone and sent as an instant.
    dueDate: z
      .string()
      .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), t('activityForm.invalidDueDate'))
      .transform((value) => (value ? new Date(value).toISOString() : null)),
    duration: z
      .number()
      .nullable()
      .refine(
        (value) => value === null || (Number.isInteger(value) && value >= 1 && value <= 525_600),
        t('activityForm.invalidDuration'),
      ),
    priority: z.enum(ACTIVITY_PRIORITIES as [ActivityPriority, ...ActivityPriority[]]),
    contactId: z.number().nullable(),
    dealId: z.number().nullable(),
    companyId: z.number().nullable(),
    assignedTo: z.number().nullable(),
    reminderMinutes: z.custom<ReminderChoice>((value) => (REMINDER_CHOICES as readonly unknown[]).includes(value)),
    updatedAt: z.string().optional(),
  });
}
