import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter } from './dialog';

/** A 409 on a form: the fields someone else changed, theirs beside mine, and what to do about it. */
export function ConflictDialog({
  changes,
  onClose,
  onReload,
  onOverwrite,
}: {
  changes: { name: string; label: ReactNode; mine: unknown; theirs: unknown }[];
  onClose: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const { t } = useTranslation();
  const show = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? t('form.conflict.empty')
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('form.conflict.title')} description={t('form.conflict.description')}>
        {changes.length === 0 ? (
          <p className="text-sm">{t('form.conflict.otherFields')}</p>
        ) : (
          <ul className="grid gap-3" data-testid="conflict-changes">
            {changes.map((change) => (
              <li key={change.name} className="rounded-md border border-border p-3 text-sm">
                <p className="font-medium">{change.label}</p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                  <dt className="text-muted-foreground">{t('form.conflict.theirs')}</dt>
                  <dd className="break-words">{show(change.theirs)}</dd>
                  <dt className="text-muted-foreground">{t('form.conflict.mine')}</dt>
                  <dd className="break-words">{show(change.mine)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onReload}>
            {t('form.conflict.reload')}
          </Button>
          <Button onClick={onOverwrite}>{t('form.conflict.overwrite')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
