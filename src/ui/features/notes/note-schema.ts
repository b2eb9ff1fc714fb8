import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  NOTE_BODY_MAX,
  NOTE_DURATION_MAX,
  NOTE_KINDS,
  OUTCOME_CHOICES,
  type CreateNoteInput,
  type NoteKind,
} from '../../lib/api/notes';

export type NextStepType = NonNullable<CreateNoteInput['next']>['type'];
/** The follow-up's types, in the activity form's order (the compiler checks none is missing). */
export const NEXT_STEP_TYPES = Object.keys({ task: 0, call: 0, email: 0, meeting: 0, note: 0 } satisfies Record<
  NextStepType,
  0
>) as NextStepType[];

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input shows it, in the viewer's time zone. */
export function toLocalInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A next step's default due time: tomorrow at 9:00. */
export function tomorrowMorning(now = new Date()): string {
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return toLocalInput(due);
}

const instant = (message: string) =>
  z.string().refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), message);

// The server's bounds (a note's body, duration, outcome for calls only), checked here first so messages arrive
// translated; `planNext` asks for the follow-up's subject and due time.
export function noteSchema(t: TFunction) {
  return z
    .object({
      kind: z.enum(NOTE_KINDS as [NoteKind, ...NoteKind[]]),
      body: z
        .string()
        .trim()
        .min(1, t('notes.validation.body'))
        .max(NOTE_BODY_MAX, t('validation.maxLength', { count: NOTE_BODY_MAX })),
      outcome: z.enum(OUTCOME_CHOICES),
      durationMin: z
        .number()
        .nullable()
        .refine(
          (value) => value === null || (Number.isInteger(value) && value >= 0 && value <= NOTE_DURATION_MAX),
          t('notes.validation.duration', { max: NOTE_DURATION_MAX }),
        ),
      occurredAt: instant(t('notes.validation.when')),
      planNext: z.boolean(),
      next: z.object({
        type: z.enum(NEXT_STEP_TYPES as [NextStepType, ...NextStepType[]]),
        subject: z
          .string()
          .trim()
          .max(200, t('validation.maxLength', { count: 200 })),
        dueDate: instant(t('notes.validation.when')),
      }),
    })
    .superRefine((values, context) => {
      if (!values.planNext) return;
      if (!values.next.subject)
        context.addIssue({ code: 'custom', path: ['next', 'subject'], message: t('validation.required') });
      if (!values.next.dueDate)
        context.addIssue({ code: 'custom', path: ['next', 'dueDate'], message: t('validation.required') });
    });
}

export type NoteFormInput = z.input<ReturnType<typeof noteSchema>>;
export type NoteFormValues = z.output<ReturnType<typeof noteSchema>>;

/** A fresh form: a note, now, a follow-up tomorrow morning (off). */
export const emptyNote = (kind: NoteFormInput['kind'] = 'note'): NoteFormInput => ({
  kind,
  body: '',
  outcome: 'none',
  durationMin: null,
  occurredAt: toLocalInput(new Date()),
  planNext: false,
  next: { type: 'task', subject: '', dueDate: tomorrowMorning() },
});

/** The note's fields as the API takes them: an outcome for calls only, a duration for calls and meetings. */
export function noteFields(values: NoteFormValues, { sendWhen }: { sendWhen: boolean }) {
  const call = values.kind === 'call';
  const timed = call || values.kind === 'meeting';
  return {
    kind: values.kind,
    body: values.body,
    outcome: call && values.outcome !== 'none' ? values.outcome : null,
    durationMin: timed ? values.durationMin : null,
    ...(sendWhen && values.occurredAt && { occurredAt: new Date(values.occurredAt).toISOString() }),
  };
}
