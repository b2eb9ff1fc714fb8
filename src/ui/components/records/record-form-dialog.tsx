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

/** What is sent for a record: its values without `updatedAt`, and without the person field unless an admin chose it. */
export type RecordBody<O, P extends keyof O> = Omit<O, 'updatedAt' | P> & Partial<Pick<O, P>>;

function bodyOf<O extends { updatedAt?: string }, P extends keyof O>(values: O, person: P, sendPerson: boolean) {
  const body: Partial<O> = { ...values };
  delete body.updatedAt;
  if (!sendPerson) delete body[person];
  return body as RecordBody<O, P>;
}

interface RecordFormProps<V extends FieldValues, O extends { updatedAt?: string }, P extends keyof O> {
  form: UseFormReturn<V, unknown, O>;
  /** Prefix of the field ids (`${id}-${name}`). */
  id: string;
  /** null: a new record (created); otherwise the record edited (updated with the `updatedAt` it was read at). */
  record: { id: number } | null;
  /** Whether the viewer may change the record: without it the fields are shown, not sent, and there is no submit. */
  editable: boolean;
  /**
   * Who the record belongs to (an owner, an assignee): only an admin chooses it, so only an admin's form sends
   * it; the others keep it (the server makes a new record theirs).
   */
  personField: P;
  isAdmin: boolean;
  create: (body: RecordBody<O, P>) => Promise<unknown>;
  update: (id: number, body: RecordBody<O, P> & Pick<O, 'updatedAt'>) => Promise<unknown>;
  pending: boolean;
  /** The submit button of a new record, the toasts after a save, and the one when it fails with no field to show it on. */
  texts: { create: string; created: string; updated: string; saveFailed: string };
  onClose: () => void;
  /** Shown before the fields (e.g. why the record is read-only). */
  before?: ReactNode;
  /** The fields, in a fieldset disabled when the record is not editable. */
  children: ReactNode;
  /** An action at the footer's start (e.g. Delete); the footer then spreads its two ends apart. */
  footerStart?: ReactNode;
}

/**
 * One edit life cycle for every record: validate, save (create or update, the person field for admins only),
 * toast, close; a 400 on the fields and a 409 as the conflict dialog (both by Form); the footer's Cancel and
 * the submit button that says what it does.
 */
export function RecordForm<V extends FieldValues, O extends { updatedAt?: string }, P extends keyof O>({
  form,
  id,
  record,
  editable,
  personField,
  isAdmin,
  create,
  update,
  pending,
  texts,
  onClose,
  before,
  children,
  footerStart,
}: RecordFormProps<V, O, P>) {
  const { t } = useTranslation();
  const buttons = (
    <>
      <DialogClose asChild>
        <Button variant="outline">{t('common.cancel')}</Button>
      </DialogClose>
      {editable && (
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {pending ? t('common.saving') : record ? t('common.save') : texts.create}
        </Button>
      )}
    </>
  );
  return (
    <Form
      form={form}
      id={id}
      onSubmit={async (values) => {
        const body = bodyOf(values, personField, isAdmin);
        if (record) await update(record.id, { ...body, updatedAt: values.updatedAt });
        else await create(body);
        toast({ title: record ? texts.updated : texts.created });
        onClose();
      }}
      onError={(error, { onField }) =>
        !onField && toast({ variant: 'destructive', title: texts.saveFailed, description: errorMessage(error, t) })
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
