import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CallOutcomeSelect } from '../../../components/records/call-outcome-select';
import { FormField } from '../../../components/ui/form';
import { Input, NumberInput } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { NOTE_DURATION_MAX, NOTE_KINDS } from '../../../lib/api/notes';
import { hasDuration, hasOutcome, KIND_ICONS } from '../note-kinds';
import type { NoteFormInput, NoteFormValues } from '../note-schema';

type NoteForm = UseFormReturn<NoteFormInput, unknown, NoteFormValues>;

/** The kind as a row of choices (radio buttons: arrows move between them). */
function KindChoice({ form, formId }: { form: NoteForm; formId: string }) {
  const { t } = useTranslation();
  const kind = form.watch('kind');
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-foreground">{t('notes.fields.kind')}</legend>
      <div className="flex flex-wrap gap-1.5">
        {NOTE_KINDS.map((option) => {
          const Icon = KIND_ICONS[option];
          const id = `${formId}-kind-${option}`;
          return (
            <div key={option}>
              <input
                type="radio"
                id={id}
                name={`${formId}-kind`}
                value={option}
                checked={kind === option}
                onChange={() => form.setValue('kind', option, { shouldDirty: true })}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className={cn(
                  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm outline-2 outline-offset-2 outline-transparent peer-focus-visible:outline-ring',
                  kind === option
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-surface text-foreground hover:bg-muted',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(`notes.kinds.${option}`)}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A note's own fields: kind, text (its Markdown hinted), a call's outcome, a duration, when it happened. */
export function NoteFields({ form, formId, rows = 3 }: { form: NoteForm; formId: string; rows?: number }) {
  const { t } = useTranslation();
  const kind = form.watch('kind');
  return (
    <>
      <KindChoice form={form} formId={formId} />
      <FormField
        control={form.control}
        name="body"
        label={t('notes.fields.body')}
        description={t('notes.markdownHint')}
        render={(field) => <Textarea {...field} rows={rows} placeholder={t(`notes.placeholders.${kind}`)} />}
      />
      {/* A datetime-local input needs its whole width: the row wraps before it squeezes the time. */}
      <div className="flex flex-wrap items-start gap-4">
        {hasOutcome(kind) && (
          <div className="min-w-0 flex-1 basis-48">
            <FormField
              control={form.control}
              name="outcome"
              label={t('notes.fields.outcome')}
              render={(field) => <CallOutcomeSelect id={field.id} value={field.value} onValueChange={field.onChange} />}
            />
          </div>
        )}
        {hasDuration(kind) && (
          <div className="w-28">
            <FormField
              control={form.control}
              name="durationMin"
              label={t('notes.fields.duration')}
              render={(field) => (
                <NumberInput
                  {...field}
                  min={0}
                  max={NOTE_DURATION_MAX}
                  value={field.value}
                  onValueChange={field.onChange}
                />
              )}
            />
          </div>
        )}
        <div className="w-full sm:w-56">
          <FormField
            control={form.control}
            name="occurredAt"
            label={t('notes.fields.occurredAt')}
            render={(field) => <Input {...field} type="datetime-local" min="1900-01-01T00:00" max="9999-12-31T23:59" />}
          />
        </div>
      </div>
    </>
  );
}
