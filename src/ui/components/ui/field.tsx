import * as LabelPrimitive from '@radix-ui/react-label';
import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The control; it must carry `id`, and `aria-describedby={fieldMessageId(id)}` when it can err. */
  children: ReactNode;
}

export const fieldMessageId = (id: string) => `${id}-message`;

/** A label, its control and the message under it (validation messages appear under each field). */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="grid gap-1.5">
      <LabelPrimitive.Root htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </LabelPrimitive.Root>
      {children}
      {error ? (
        <p id={fieldMessageId(id)} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={fieldMessageId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
