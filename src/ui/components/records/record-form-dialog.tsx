import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../ui/dialog';
import { Form } from '../ui/form';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';

interface RecordFormDialogProps {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /** Escape, a click outside, the close button or Cancel (the form asks first when it has changes). */
  onClose: () => void;
  children: ReactNode;
}

/** The dialog a record is created or edited in: always open while shown, closed through `onClose`. */
export function RecordFormDialog({ title, description, className, onClose, children }: RecordFormDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} description={description} className={className}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface RecordFormProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** Prefix of the field ids (`${id}-${name}`). */
  id: string;
  /** Whether the viewer may change the record: without it the fields are shown, not sent, and there is no submit. */
  editable: boolean;
  /** The record is new: the submit button says `createLabel`, otherwise "Save". */
  creating: boolean;
  createLabel: string;
  pending: boolean;
  /** Sends the values and answers the toast's title ("Contact created", ...). */
  save: (values: O) => Promise<string>;
  /** The toast's title when saving fails with no field to show it on. */
  failedTitle: string;
  onClose: () => void;
  /** Shown before the fields (e.g. why the record is read-only). */
  before?: ReactNode;
  /** The fields, in a fieldset disabled when the record is not editable. */
  children: ReactNode;
  /** An action at the footer's start (e.g. Delete); the footer then spreads its two ends apart. */
  footerStart?: ReactNode;
}

/**
 * One edit life cycle for every record: validate, save, toast, close; a 400 on the fields, a 409 as the
 * conflict dialog (both by Form); the footer's Cancel and the submit button that says what it does.
 */
export function RecordForm<V extends FieldValues, O>({
  form,
  id,
  editable,
  creating,
  createLabel,
  pending,
  save,
  failedTitle,
  onClose,
  before,
  children,
  footerStart,
}: RecordFormProps<V, O>) {
  const { t } = useTranslation();
  const buttons = (
    <>
      <DialogClose asChild>
        <Button variant="outline">{t('common.cancel')}</Button>
      </DialogClose>
      {editable && (
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {pending ? t('common.saving') : creating ? createLabel : t('common.save')}
        </Button>
      )}
    </>
  );
  return (
    <Form
      form={form}
      id={id}
      onSubmit={async (values) => {
        toast({ title: await save(values) });
        onClose();
      }}
      onError={(error, { onField }) =>
        !onField && toast({ variant: 'destructive', title: failedTitle, description: errorMessage(error, t) })
      }
    >
      {before}
      <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
        {children}
      </fieldset>
      {footerStart === undefined ? (
        <DialogFooter>{buttons}</DialogFooter>
      ) : (
        <DialogFooter className="sm:justify-between">
          {footerStart}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">{buttons}</div>
        </DialogFooter>
      )}
    </Form>
  );
}
