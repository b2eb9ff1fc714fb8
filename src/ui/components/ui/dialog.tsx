import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { CloseGuardContext, mayClose, type CloseGuards } from './dialog-close-guard';

/**
 * Radix's dialog root, whose every way of closing (Escape, a click outside, the close button, a DialogClose such
 * as Cancel) first asks what registered inside it (useCloseGuard): a form with changes asks before it is discarded.
 */
export function Dialog({ onOpenChange, ...props }: DialogPrimitive.DialogProps) {
  const [guards] = useState<CloseGuards>(() => new Set());
  const change = (open: boolean) => {
    if (open || mayClose(guards, () => onOpenChange?.(false))) onOpenChange?.(open);
  };
  return (
    <CloseGuardContext.Provider value={guards}>
      <DialogPrimitive.Root {...props} onOpenChange={change} />
    </CloseGuardContext.Provider>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  /** Names the dialog for screen readers (aria-labelledby). */
  title: ReactNode;
  /** Read with the title (aria-describedby). */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A modal panel over a dimmed page: focus stays inside until it closes (Escape, the close button or a
 * click outside) and returns to what had it when the dialog opened (the button that opened it, or the field
 * being typed in when a question such as "Discard changes?" came up). Scrolls inside itself on short screens.
 */
export function DialogContent({ title, description, className, children }: DialogContentProps) {
  const { t } = useTranslation();
  // Radix returns focus to a DialogTrigger only; these dialogs open from state, so it is kept here.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        onOpenAutoFocus={() => {
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocus.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus({ preventScroll: true });
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-surface p-5 text-foreground shadow-xl outline-none',
          className,
        )}
        // Without a description Radix expects aria-describedby to be cleared explicitly.
        {...(!description && { 'aria-describedby': undefined })}
      >
        <div className="grid gap-1.5 pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          )}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label={t('common.close')}
          className="absolute top-4 right-4 flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-ring"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's actions, last in its content: stacked on phones, in a row from sm up. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
