import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('h-4 w-4 animate-spin', className)} />;
}

/** The whole-area wait (session loading, a route's code arriving). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="h-6 w-6" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
