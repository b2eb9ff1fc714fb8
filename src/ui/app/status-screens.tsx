import { AlertTriangle, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';

function StatusCard({ icon: Icon, title, text, action }: { icon: typeof Lock; title: string; text: string; action?: React.ReactNode }) {
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
