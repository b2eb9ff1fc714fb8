import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter } from './dialog';
import { Spinner } from './spinner';

export interface ConfirmDialogProps {
  title: string;
  description?: string;
  /** The confirming button's text: the verb of what happens (Delete, Retire...). */
  confirmLabel: string;
  /** The other button's text, Cancel unless told. */
  cancelLabel?: string;
  /** While the action runs: the button shows a spinner, and neither it nor Cancel takes a press (nor does Escape). */
  pending: boolean;
  /** A destructive action (the default) gets the red button. */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Shown above the buttons (an error, a consequence). */
  children?: ReactNode;
}

/** Asks before an action that cannot simply be taken back: Cancel, or the action named by its verb. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending,
  destructive = true,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent title={title} description={description}>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} disabled={pending} onClick={onConfirm}>
            {pending && <Spinner />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
