import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';

export interface RenameDialogProps {
  /** The form's id (its fields' ids start with it). */
  id: string;
  title: string;
  description: string;
  /** The field's label, and the name it starts with. */
  label: string;
  name: string;
  /** The server's longest name. */
  maxLength: number;
  saveLabel: string;
  failedTitle: string;
  pending: boolean;
  /** Saves the new name (a field error shows under the field; any other error in a toast); the dialog then closes. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}

/** A dialog with one name to change: a lost reason's, a pipeline's. */
export function RenameDialog({ id, title, description, label, name, maxLength, ...props }: RenameDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('validation.required'))
          .max(maxLength, t('validation.maxLength', { count: maxLength })),
      }),
    [t, maxLength],
  );
  const form = useSchemaForm(schema, { name });
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent title={title} description={description}>
        <Form
          form={form}
          id={id}
          onSubmit={async (values) => {
            await props.onSave(values.name);
            props.onClose();
          }}
          onError={(error, { onField }) =>
            !onField && toast({ variant: 'destructive', title: props.failedTitle, description: errorMessage(error, t) })
          }
        >
          <FormField
            control={form.control}
            name="name"
            label={label}
            render={(field) => <Input {...field} autoComplete="off" maxLength={maxLength} />}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={props.pending}>
              {props.pending && <Spinner />}
              {props.saveLabel}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
