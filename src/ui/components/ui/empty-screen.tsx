import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A screen with its title and an honest empty state, for screens whose data does not exist yet. */
export function EmptyScreen({ namespace, icon }: { namespace: string; icon: LucideIcon }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`${namespace}.title`)} description={t(`${namespace}.subtitle`)} />
      <EmptyState icon={icon} title={t(`${namespace}.empty`)} description={t(`${namespace}.emptyHint`)} />
    </>
  );
}
