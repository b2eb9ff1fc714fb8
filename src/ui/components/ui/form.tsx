import { zodResolver } from '@hookform/resolvers/zod';
import * as LabelPrimitive from '@radix-ui/react-label';
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  useController,
  useForm,
  type Control,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cn } from '../../lib/cn';
import {
  conflictingFields,
  conflictingRecord,
  fieldErrorsFromServer,
  keepMine,
  takeTheirs,
} from '../../lib/form-errors';
import { Checkbox } from './checkbox';
import { useCloseGuard } from './dialog-close-guard';

/**
 * A react-hook-form form checked by a zod schema (`zod` or `zod/mini`) before anything is sent (the server stays the
 * authority). Messages are validated on submit, then again as each field changes.
 */
export function useSchemaForm<S extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
}

interface FormContextValue {
  id: string;
  /** The fields on screen, by name, with their labels: where server errors can land. */
  fields: Map<string, ReactNode>;
}

const FormContext = createContext<FormContextValue | null>(null);

// Shown on a 409 only: its code (a Radix dialog) stays out of every form's first paint.
const ConflictDialog = lazy(() => import('./conflict-dialog').then((module) => ({ default: module.ConflictDialog })));
// Asked when a dialog with changes is closed; fetched as soon as a form opens in a dialog, so it shows at once.
const loadConfirmDialog = () => import('./confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));

type Values = Record<string, unknown>;

interface FormProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** Prefix of the field ids: `${id}-${name}`. */
  id: string;
  /** Sends the checked values; a rejection is shown by the form when it can be. */
  onSubmit: (values: O) => Promise<unknown>;
  /** A failure that is no conflict (a toast, usually); `onField` when the form already shows it on its fields. */
  onError?: (error: unknown, where: { onField: boolean }) => void;
  className?: string;
  children: ReactNode;
}

/**
 * The form element and what it does with the server's answer: a 400's `details[].path` on the matching
 * fields (the others in a message at the top), a 409 RESOURCE.CONFLICT as a dialog that shows the
 * current values and offers to load them or to save these over them. In a dialog, closing it with changes
 * (Escape, a click outside, the close button, Cancel) asks whether to discard them; unchanged, it closes at once.
 */
export function Form<V extends FieldValues, O>({ form, id, onSubmit, onError, className, children }: FormProps<V, O>) {
  const { t } = useTranslation();
  const [fields] = useState(() => new Map<string, ReactNode>());
  const [conflict, setConflict] = useState<{ submitted: O; current: Values } | null>(null);
  // The dialog's close, held while the person chooses between discarding and editing on.
  const [discarding, setDiscarding] = useState<{ close: () => void } | null>(null);
  const dirty = form.formState.isDirty;
  const inDialog = useCloseGuard((close) => {
    if (!dirty) return false;
    setDiscarding({ close });
    return true;
  });
  useEffect(() => {
    if (inDialog) loadConfirmDialog().catch(() => undefined);
  }, [inDialog]);

  const send = async (values: O) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const current = conflictingRecord(error);
      if (current) return setConflict({ submitted: values, current });
      const placed = fieldErrorsFromServer(error, new Set(fields.keys()), t);
      onError?.(error, { onField: placed !== null });
      if (!placed) return;
      placed.fields.forEach(([name, message], i) =>
        form.setError(name as FieldPath<V>, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
      if (placed.form.length > 0) form.setError('root.server', { type: 'server', message: placed.form.join('\n') });
    }
  };

  const formError = form.formState.errors.root?.server?.message;
  return (
    <FormContext.Provider value={{ id, fields }}>
      <form id={`${id}-form`} onSubmit={form.handleSubmit(send)} noValidate className={cn('grid gap-4', className)}>
        {formError && (
          <p
            role="alert"
            id={`${id}-form-message`}
            className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm whitespace-pre-line text-danger"
          >
            {formError}
          </p>
        )}
        {children}
      </form>
      {conflict && (
        <Suspense>
          <ConflictDialog
            changes={conflictingFields(
              conflict.submitted as Values,
              conflict.current,
              Object.keys(form.getValues()).filter((name) => fields.has(name)),
            ).map((change) => ({ ...change, label: fields.get(change.name) }))}
            onClose={() => setConflict(null)}
            onReload={() => {
              form.reset(takeTheirs(form.getValues() as Values, conflict.current) as V);
              setConflict(null);
            }}
            onOverwrite={() => {
              setConflict(null);
              void send(keepMine(conflict.submitted as Values, conflict.current) as O);
            }}
          />
        </Suspense>
      )}
      {discarding && (
        <Suspense>
          <ConfirmDialog
            title={t('form.discard.title')}
            description={t('form.discard.description')}
            confirmLabel={t('form.discard.confirm')}
            cancelLabel={t('form.discard.keepEditing')}
            pending={false}
            onConfirm={() => {
              setDiscarding(null);
              discarding.close();
            }}
            onClose={() => setDiscarding(null)}
          />
        </Suspense>
      )}
    </FormContext.Provider>
  );
}

/** What a field's control receives: react-hook-form's binding plus its id and ARIA wiring. */
export type FieldControlProps<V extends FieldValues, N extends FieldPath<V>> = ControllerRenderProps<V, N> & {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

interface FormFieldProps<V extends FieldValues, N extends FieldPath<V>> {
  // Whatever the schema turns the values into on submit.
  control: Control<V, unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  name: N;
  label: ReactNode;
  /** A hint under the control, read with it; an error message takes its place. */
  description?: ReactNode;
  render: (control: FieldControlProps<V, N>) => ReactElement;
}

/**
 * A label, its control and the message under it, wired once: the label names the control (`id`), the
 * hint or the error describes it (aria-describedby), aria-invalid marks the error, which is announced.
 */
export function FormField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  label,
  description,
  render,
}: FormFieldProps<V, N>) {
  const context = useContext(FormContext);
  if (!context) throw new Error('FormField must be inside a Form');
  const { id: formId, fields } = context;
  const { field, fieldState } = useController({ control, name });
  useEffect(() => {
    fields.set(name, label);
    return () => void fields.delete(name);
  }, [fields, name, label]);

  const id = `${formId}-${name}`;
  const error = fieldState.error?.message;
  const messageId = error ? `${id}-message` : description ? `${id}-description` : undefined;
  return (
    // content-start: beside a taller field (one with a hint) the label and control stay together.
    <div className="grid content-start gap-1.5">
      <LabelPrimitive.Root htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </LabelPrimitive.Root>
      {render({ ...field, id, 'aria-invalid': !!error, 'aria-describedby': messageId })}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : description ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** A yes/no field of the form: a checkbox with its label beside it (`id` names the checkbox). */
export function CheckboxField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  id,
  label,
}: {
  control: Control<V>;
  name: N;
  id: string;
  label: ReactNode;
}) {
  const { field } = useController({ control, name });
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
      <label htmlFor={id} className="text-sm text-foreground">
        {label}
      </label>
    </div>
  );
}
