import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { Dashboard, ServiceStatus } from '../api/get-dashboard';

const TONE = { up: 'success', warning: 'warning', down: 'danger' } as const satisfies Record<ServiceStatus, string>;

/** The server's readiness checks, as the dashboard reports them. */
export function SystemStatus({ status }: { status: Dashboard['status'] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.status.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {status.map((item) => (
            <li key={item.name} className="flex items-center justify-between gap-3" data-testid={`status-${item.name}`}>
              <div className="min-w-0">
                <p className="text-sm font-medium text-foreground">
                  {t(`dashboard.status.services.${item.name}`, { defaultValue: item.name })}
                </p>
                {item.detail && <p className="truncate text-xs text-muted-foreground">{item.detail}</p>}
              </div>
              <Badge tone={TONE[item.status]}>
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
                {t(`dashboard.status.${item.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
