import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A record's multi-line text (notes, a description), styled as the inputs beside it. */
export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'min-h-20 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-ring aria-invalid:border-danger disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
