import { Filter } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The product title with its mark (a funnel). */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 text-lg font-semibold tracking-tight whitespace-nowrap text-foreground">
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Filter className="h-4 w-4" aria-hidden="true" />
      </span>
      {t('app.title')}
    </span>
  );
}
