import { AlertTriangle, Lock, RefreshCw } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { PageSpinner } from '../components/ui/spinner';
import { canReloadOnce, isChunkLoadError, reloadOnce } from './stale-build';

function StatusCard({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof Lock;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="py-8">
          <div className="flex items-center gap-3">
            <Icon className="h-8 w-8 shrink-0 text-danger" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-foreground">{title}</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{text}</p>
          {action && <div className="mt-6">{action}</div>}
        </CardContent>
      </Card>
    </div>
  );
}

/** SPEC §2: "404 Page Not Found" with the hint "Did you forget to add the page to the router?". */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return <StatusCard icon={AlertTriangle} title={t('notFound.title')} text={t('notFound.hint')} />;
}

/** A signed-in role opened a screen the route table keeps from it. */
export function NoAccessScreen() {
  const { t } = useTranslation();
  return (
    <StatusCard
      icon={Lock}
      title={t('noAccess.title')}
      text={t('noAccess.text')}
      action={
        <Button asChild variant="outline">
          <Link to="/">{t('noAccess.back')}</Link>
        </Button>
      }
    />
  );
}

/** The session could not be read (server down, network gone). */
export function SessionErrorScreen({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusCard
      icon={AlertTriangle}
      title={t('sessionError.title')}
      text={message}
      action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}

/**
 * Every route's error element (router.tsx): inside the layout for a signed-in screen, alone at the root. A screen
 * whose code could not be loaded (a new build was deployed, or the network failed) reloads the page once, then
 * says so with a reload button; any other error says that something went wrong, with reload and home.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  // Decided once per error: the reload's mark, written by the effect, must not turn this screen into the message.
  const reloading = useMemo(() => isChunkLoadError(error) && canReloadOnce(), [error]);
  useEffect(() => {
    if (reloading) reloadOnce();
  }, [reloading]);
  if (reloading) return <PageSpinner />;

  const reload = (
    <Button onClick={() => window.location.reload()}>
      <RefreshCw className="h-4 w-4" aria-hidden="true" />
      {t('screenError.reload')}
    </Button>
  );
  return stale ? (
    <StatusCard
      icon={RefreshCw}
      title={t('screenError.staleTitle')}
      text={t('screenError.staleText')}
      action={reload}
    />
  ) : (
    <StatusCard
      icon={AlertTriangle}
      title={t('screenError.title')}
      text={t('screenError.text')}
      action={
        <div className="flex flex-wrap gap-2">
          {reload}
          <Button asChild variant="outline">
            <Link to="/">{t('screenError.home')}</Link>
          </Button>
        </div>
      }
    />
  );
}
