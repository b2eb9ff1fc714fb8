import { CalendarPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useCreateNote, type CreateNoteInput } from '../../../lib/api/notes';
import { emptyNote, NEXT_STEP_TYPES, noteFields, noteSchema, type NoteFormValues } from '../note-schema';
import { NoteFields } from './note-fields';

interface NoteComposerProps {
  /** Prefix of the field ids. */
  id: string;
  /** The record the note is about: a contact (its deals offered to file it under one too), a deal or a company. */
  contactId?: number;
  dealId?: number;
  companyId?: number;
  /** The contact's deals, to file the note under one of them as well. */
  deals?: { id: number; label: string }[];
  /** A border around it, where nothing else frames it (the deal dialog). */
  framed?: boolean;
}

/**
 * Logs a note, call, meeting, e-mail or WhatsApp conversation on a contact, deal or company, and plans the next step (a
 * follow-up activity) in the same save.
 */
export function NoteComposer({ id, contactId, dealId, companyId, deals, framed = false }: NoteComposerProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => noteSchema(t), [t]);
  const form = useSchemaForm(schema, emptyNote());
  const create = useCreateNote();
  const [dealChoice, setDealChoice] = useState('none');
  const planNext = form.watch('planNext');

  const submit = async (values: NoteFormValues) => {
    // Untouched, "when" is the moment of the save (the server's now), not the moment the page opened.
    const fields = noteFields(values, { sendWhen: form.getFieldState('occurredAt').isDirty });
    const body: CreateNoteInput = {
      kind: fields.kind,
      body: fields.body,
      ...(fields.outcome !== null && { outcome: fields.outcome }),
      ...(fields.durationMin !== null && { durationMin: fields.durationMin }),
      ...(fields.occurredAt && { occurredAt: fields.occurredAt }),
      ...(contactId !== undefined && { contactId }),
      ...(companyId !== undefined && { companyId }),
      ...(dealId !== undefined ? { dealId } : dealChoice !== 'none' && { dealId: Number(dealChoice) }),
      ...(values.planNext && {
        next: {
          type: values.next.type,
          subject: values.next.subject,
          dueDate: new Date(values.next.dueDate).toISOString(),
        },
      }),
    };
    await create.mutateAsync(body);
    toast({ title: values.planNext ? t('notes.savedWithNext') : t(`notes.saved.${values.kind}`) });
    form.reset(emptyNote(values.kind));
    setDealChoice('none');
  };

  return (
    <Form
      form={form}
      id={id}
      onSubmit={submit}
      onError={(error, { onField }) =>
        !onField && toast({ variant: 'destructive', title: t('notes.saveFailed'), description: errorMessage(error, t) })
      }
      className={framed ? 'rounded-lg border border-border p-3 sm:p-4' : undefined}
    >
      <div data-testid="note-composer" className="contents">
        <NoteFields form={form} formId={id} />
        {deals && deals.length > 0 && (
          <div className="grid gap-1.5 sm:w-1/2">
            <label htmlFor={`${id}-dealId`} className="text-sm font-medium text-foreground">
              {t('notes.fields.deal')}
            </label>
            <Select
              id={`${id}-dealId`}
              value={dealChoice}
              onValueChange={setDealChoice}
              options={[
                { value: 'none', label: t('notes.noDeal') },
                ...deals.map((deal) => ({ value: String(deal.id), label: deal.label })),
              ]}
            />
          </div>
        )}
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-planNext`}
            checked={planNext}
            onCheckedChange={(checked) => form.setValue('planNext', checked === true, { shouldDirty: true })}
          />
          <label htmlFor={`${id}-planNext`} className="flex items-center gap-1.5 text-sm font-medium text-foreground">
            <CalendarPlus className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
            {t('notes.planNext')}
          </label>
        </div>
        {planNext && (
          <fieldset className="grid gap-4 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_15rem]">
            <legend className="px-1 text-sm font-medium text-muted-foreground">{t('notes.nextStep')}</legend>
            <div className="sm:col-span-2">
              <FormField
                control={form.control}
                name="next.subject"
                label={t('notes.fields.nextSubject')}
                render={(field) => <Input {...field} autoComplete="off" />}
              />
            </div>
            <FormField
              control={form.control}
              name="next.type"
              label={t('notes.fields.nextType')}
              render={(field) => (
                <Select
                  id={field.id}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={NEXT_STEP_TYPES.map((type) => ({ value: type, label: t(`activityForm.types.${type}`) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="next.dueDate"
              label={t('notes.fields.nextDueDate')}
              render={(field) => (
                <Input {...field} type="datetime-local" min="1900-01-01T00:00" max="9999-12-31T23:59" />
              )}
            />
          </fieldset>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            {create.isPending ? t('common.saving') : t('notes.save')}
          </Button>
        </div>
      </div>
    </Form>
  );
}
