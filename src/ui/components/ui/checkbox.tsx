import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The box's look, for a checkbox that draws its own mark (a group's "all", whose mixed state shows a dash). */
export const checkboxClass =
  'flex h-4 w-4 shrink-0 items-center justify-center rounded border border-muted-foreground bg-surface focus-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground';

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root className={cn(checkboxClass, className)} {...props}>
      <CheckboxPrimitive.Indicator>
        <Check className="h-3 w-3" aria-hidden="true" strokeWidth={3} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
