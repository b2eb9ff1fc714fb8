import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'h-10 w-full min-w-0 rounded-md border border-border bg-surface px-3 text-sm text-foreground placeholder:text-muted-foreground focus-ring aria-invalid:border-danger disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

/** A web address: the URL keyboard, no autocomplete or spell check, "https://" as its placeholder. */
export function UrlInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <Input type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" {...props} />;
}

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: number | null | undefined;
  /** null while the field is empty or holds no number. */
  onValueChange: (value: number | null) => void;
};

/** A whole-number field of a form whose empty value is null (a duration left out). */
export function NumberInput({ value, onValueChange, ...props }: NumberInputProps) {
  return (
    <Input
      {...props}
      type="number"
      inputMode="numeric"
      step={1}
      value={value ?? ''}
      onChange={(event) =>
        onValueChange(
          event.target.value === '' || Number.isNaN(event.target.valueAsNumber) ? null : event.target.valueAsNumber,
        )
      }
    />
  );
}
