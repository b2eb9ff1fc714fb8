import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
/** What the panel is placed against when no trigger opens it (an input that shows suggestions). */
export const PopoverAnchor = PopoverPrimitive.Anchor;

/** A floating panel under its trigger; like the dropdown menus, it keeps 8 px from the screen edges. */
export function PopoverContent({ className, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align="end"
        sideOffset={6}
        collisionPadding={8}
        className={cn(
          'z-50 rounded-md border border-border bg-surface text-foreground shadow-lg outline-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
