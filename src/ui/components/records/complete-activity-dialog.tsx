import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NOTE_BODY_MAX, OUTCOME_CHOICES, useCreateNote, type NoteKind } from '../../lib/api/notes';
import { errorMessage } from '../../lib/errors';
import { Button } from '../ui/button';
import { CallOutcomeSelect } from './call-outcome-select';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { Form, FormField, useSchemaForm } from '../ui/form';
import { Spinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import { toast } from '../ui/use-toast';

/** The activity being completed, as the activities screen and the home's agenda hold it. */
export interface CompletedActivity {
  id: number;
  subject: string;
  type: string;
}

/** The note's kind for an activity's type (a task's outcome is a plain note). */
const kindOf = (type: string): NoteKind => (type === 'call' || type === 'meeting' || type === 'email' ? type : 'note');

interface CompleteActivityDialogProps {
  activity: CompletedActivity;
  /** Completes the activity as without a note (the caller's own completion, with its undo). */
  onSkip: () => void;
  /** After the note was saved: the server completed the activity with it. */
  onSaved?: () => void;
  /** Closed without either: the activity stays as it was. */
  onClose: () => void;
}

/**
 * Asked when an activity is completed: how it went (a call's outcome) and a note, both optional. Save posts the
 * note with `activityId`, which completes the activity in the same transaction; Skip completes it without one.
 */
export function CompleteActivityDialog({ activity, onSkip, onSaved, onClose }: CompleteActivityDialogProps) {
  const { t } = useTranslation();
  const kind = kindOf(activity.type);
  const schema = useMemo(
    () =>
      z
        .object({
          outcome: z.enum(OUTCOME_CHOICES),
          body: z
            .string()
            .trim()
            .max(NOTE_BODY_MAX, t('validation.maxLength', { count: NOTE_BODY_MAX })),
        })
        .refine((values) => values.body !== '' || values.outcome !== 'none', {
          path: ['body'],
          message: t('notes.complete.empty'),
        }),
    [t],
  );
  const form = useSchemaForm(schema, { outcome: 'none', body: '' });
  const create = useCreateNote();
  const pending = create.isPending;

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent
        title={t('notes.complete.title', { subject: activity.subject })}
        description={t('notes.complete.description')}
      >
        <Form
          form={form}
          id="complete-activity"
          onSubmit={async (values) => {
            const outcome = kind === 'call' && values.outcome !== 'none' ? values.outcome : undefined;
            await create.mutateAsync({
              kind,
              // An outcome alone is the note's text ("No answer"): a call logged in one click.
              body: values.body || t(`notes.outcomes.${outcome ?? 'answered'}`),
              ...(outcome && { outcome }),
              activityId: activity.id,
            });
            toast({ title: t('notes.complete.saved', { subject: activity.subject }) });
            onSaved?.();
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('notes.saveFailed'), description: errorMessage(error, t) })
          }
        >
          <div data-testid="complete-activity-dialog" className="contents">
            {kind === 'call' && (
              <FormField
                control={form.control}
                name="outcome"
                label={t('notes.fields.outcome')}
                render={(field) => (
                  <CallOutcomeSelect id={field.id} value={field.value} onValueChange={field.onChange} />
                )}
              />
            )}
            <FormField
              control={form.control}
              name="body"
              label={t('notes.complete.body')}
              description={t('notes.markdownHint')}
              render={(field) => <Textarea {...field} rows={4} />}
            />
            <DialogFooter>
              <Button
                variant="outline"
                disabled={pending}
                onClick={() => {
                  onSkip();
                  onClose();
                }}
              >
                {t('notes.complete.skip')}
              </Button>
              <Button type="submit" disabled={pending}>
                {pending && <Spinner />}
                {t('notes.complete.save')}
              </Button>
            </DialogFooter>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
