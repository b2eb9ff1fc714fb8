import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../../components/records/record-form-dialog';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { Form, useSchemaForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useUpdateNote } from '../api/update-note';
import { emptyNote, noteFields, noteSchema, toLocalInput, type NoteFormValues } from '../note-schema';
import type { NoteView } from '../note-view';
import { NoteFields } from './note-fields';

/** Changes a note's kind, text, outcome, duration or time; the server keeps the previous text. */
export function EditNoteDialog({ note, onClose }: { note: NoteView; onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => noteSchema(t), [t]);
  const form = useSchemaForm(schema, {
    ...emptyNote(note.kind),
    body: note.body,
    outcome: note.outcome ?? 'none',
    durationMin: note.durationMin,
    occurredAt: toLocalInput(note.occurredAt),
  });
  const update = useUpdateNote();
  const submit = async (values: NoteFormValues) => {
    const fields = noteFields(values, { sendWhen: form.getFieldState('occurredAt').isDirty });
    await update.mutateAsync({ id: note.id, body: fields });
    toast({ title: t('notes.updated') });
    onClose();
  };
  return (
    <RecordFormDialog title={t('notes.editTitle')} className="sm:max-w-2xl" onClose={onClose}>
      <Form
        form={form}
        id="note-edit"
        onSubmit={submit}
        onError={(error, { onField }) =>
          !onField &&
          toast({ variant: 'destructive', title: t('notes.saveFailed'), description: errorMessage(error, t) })
        }
      >
        <NoteFields form={form} formId="note-edit" rows={6} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner />}
            {update.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </DialogFooter>
      </Form>
    </RecordFormDialog>
  );
}
