import { Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useEndSession } from '../api/end-session';
import { useSessions, type UserSession } from '../api/get-sessions';

/** A short, readable name for a user agent ("Chrome on Linux"), or the raw string's absence. */
function describeAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return browser && os ? `${browser} · ${os}` : (browser ?? os ?? agent.slice(0, 60));
}

function SessionRow({ session }: { session: UserSession }) {
  const { t } = useTranslation();
  const end = useEndSession({
    onSuccess: () => toast({ title: t('profile.sessionEnded') }),
    onError: (error) =>
      toast({ variant: 'destructive', title: t('profile.sessionEndFailed'), description: errorMessage(error, t) }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          {describeAgent(session.userAgent) ?? t('profile.unknownDevice')}
          {session.current && <Badge tone="primary">{t('profile.thisSession')}</Badge>}
          {session.remember && <Badge>{t('profile.remembered')}</Badge>}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          {t('profile.sessionTimes', {
            started: formatDateTime(session.createdAt),
            seen: formatDateTime(session.lastSeenAt),
          })}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate(session.id)}>
          {t('profile.endSession')}
        </Button>
      )}
    </li>
  );
}

export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.sessions')}</CardTitle>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <PageSpinner />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(sessions.error, t)}
          </p>
        ) : sessions.data.items.length === 0 ? (
          <EmptyState icon={Monitor} title={t('profile.noSessions')} />
        ) : (
          <ul className="divide-y divide-border">
            {sessions.data.items.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
