import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { useUser } from '../../../lib/session';
import { DASHBOARD_QUERY_KEY, useDashboard } from '../api/get-dashboard';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';
import { SystemStatus } from './system-status';

/** The home's System tab (admins): the deployment's figures, its readiness checks and what changed lately. */
export function SystemPanel() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const dashboard = useDashboard();
  const queryClient = useQueryClient();
  if (!user) return null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
  return (
    // grid-cols-1 is minmax(0, 1fr): a long activity subject truncates instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-foreground">{t('dashboard.overview')}</h2>
        <Button variant="outline" size="sm" onClick={refresh} disabled={dashboard.isFetching}>
          {dashboard.isFetching ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          {t('dashboard.refresh')}
        </Button>
      </div>
      {dashboard.isPending ? (
        <PageSpinner />
      ) : dashboard.isError ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-danger">
              {t('dashboard.loadFailed')}: {errorMessage(dashboard.error, t)}
            </p>
            <Button variant="outline" size="sm" onClick={refresh}>
              {t('common.retry')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <StatCards data={dashboard.data} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <RecentActivity items={dashboard.data.recentActivity} />
            </div>
            <div className="grid content-start gap-6">
              <QuickActions role={user.role} />
              <SystemStatus status={dashboard.data.status} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
