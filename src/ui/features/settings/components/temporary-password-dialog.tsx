import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';

/**
 * A temporary password, shown this once (the server keeps only its hash): to copy and hand to the user,
 * who must replace it at the next sign-in.
 */
export function TemporaryPasswordDialog({
  name,
  password,
  note,
  onClose,
}: {
  name: string;
  password: string;
  note?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin): the password stays selectable on screen.
      setCopied(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('userAdmin.temporaryPassword.title', { name })}
        description={t('userAdmin.temporaryPassword.description')}
      >
        <div className="flex items-center gap-2">
          <output
            data-testid="temporary-password"
            aria-label={t('userAdmin.temporaryPassword.label')}
            className="min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-base tracking-wider break-all select-all"
          >
            {password}
          </output>
          <Button variant="outline" onClick={() => void copy()} aria-live="polite">
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {copied ? t('userAdmin.temporaryPassword.copied') : t('userAdmin.temporaryPassword.copy')}
          </Button>
        </div>
        {note && <p className="text-sm text-muted-foreground">{note}</p>}
        <DialogFooter>
          <Button onClick={onClose}>{t('userAdmin.temporaryPassword.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
