import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime } from '../../../lib/format';
import type { Dashboard } from '../api/get-dashboard';

export function RecentActivity({ items }: { items: Dashboard['recentActivity'] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.recent.title')}</CardTitle>
        <Link
          to="/crm/activities"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('dashboard.recent.viewAll')}
        </Link>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <EmptyState
            icon={History}
            title={t('dashboard.recent.empty')}
            description={t('dashboard.recent.emptyHint')}
          />
        ) : (
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li key={`${item.entityType}-${item.id}`} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-foreground">{item.entityName}</p>
                  <p className="text-xs text-muted-foreground">
                    {/* Per entity ("Negócio atualizado", "Atividade atualizada"); the generic text only for a type it does not know. */}
                    {t(`dashboard.recent.${item.action}`, {
                      context: item.entityType,
                      entity: t(`dashboard.recent.entities.${item.entityType}`),
                    })}
                    {item.userName ? ` · ${item.userName}` : ''}
                  </p>
                </div>
                <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground">
                  {formatDateTime(item.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
