import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/select';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { useSecurityEvents, type SecurityEvent, type SecurityEventType } from '../api/get-security-events';

/** Every event type, in the order the filter offers them (the compiler checks none is missing). */
const TYPES = Object.keys({
  sign_in: 0,
  sign_in_failed: 0,
  sign_in_throttled: 0,
  user_registered: 0,
  user_created: 0,
  role_changed: 0,
  user_disabled: 0,
  user_enabled: 0,
  password_changed: 0,
  password_reset: 0,
  sessions_ended: 0,
} satisfies Record<SecurityEventType, 0>) as SecurityEventType[];

// A coloured dot beside a neutral badge: the text keeps full contrast in every theme, the colour only hints.
const DOTS: Partial<Record<SecurityEventType, string>> = {
  sign_in: 'bg-success',
  sign_in_failed: 'bg-danger',
  sign_in_throttled: 'bg-danger',
  user_disabled: 'bg-warning',
  password_reset: 'bg-warning',
  sessions_ended: 'bg-warning',
  role_changed: 'bg-primary',
};

const ALL = 'all';
const isType = (value: string | null): value is SecurityEventType =>
  value !== null && (TYPES as string[]).includes(value);

/** The security log tab: newest first, filtered by user and type (kept in the URL), 30 at a time. */
export function SecurityLog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userParam = params.get('user');
  const userId = userParam && /^\d+$/.test(userParam) ? Number(userParam) : undefined;
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const events = useSecurityEvents({ userId, type });
  const users = useUserChoices(true);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  const setFilter = (key: 'user' | 'type', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle>{t('securityLog.title')}</CardTitle>
        <p className="w-full text-sm text-muted-foreground">{t('securityLog.description')}</p>
      </CardHeader>
      <div className="grid gap-3 border-b border-border px-5 py-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor="security-log-user" className="text-sm font-medium">
            {t('securityLog.user')}
          </label>
          <Select
            id="security-log-user"
            value={userId ? String(userId) : ALL}
            onValueChange={(value) => setFilter('user', value)}
            options={[
              { value: ALL, label: t('securityLog.allUsers') },
              ...(users.data?.items ?? []).map((user) => ({
                value: String(user.id),
                label: `${user.name} (${user.username})`,
              })),
            ]}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="security-log-type" className="text-sm font-medium">
            {t('securityLog.type')}
          </label>
          <Select
            id="security-log-type"
            value={type ?? ALL}
            onValueChange={(value) => setFilter('type', value)}
            options={[
              { value: ALL, label: t('securityLog.allTypes') },
              ...TYPES.map((value) => ({ value, label: t(`securityLog.types.${value}`) })),
            ]}
          />
        </div>
      </div>
      {events.isPending ? (
        <PageSpinner />
      ) : events.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(events.error, t)}
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t('securityLog.empty')} />
      ) : (
        <>
          <ol className="divide-y divide-border" aria-label={t('securityLog.title')} data-testid="security-events">
            {items.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ol>
          {events.hasNextPage && (
            <div className="flex justify-center border-t border-border p-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
              >
                {events.isFetchingNextPage && <Spinner />}
                {t('securityLog.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function EventRow({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  const who = event.userName ?? event.username ?? t('securityLog.unknownUser');
  const details = detailText(event, t);
  return (
    <li
      className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4"
      data-testid="security-event"
      data-type={event.type}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>
            <span className={`h-2 w-2 rounded-full ${DOTS[event.type] ?? 'bg-muted-foreground'}`} aria-hidden="true" />
            {t(`securityLog.types.${event.type}`)}
          </Badge>
          <span className="font-medium" data-testid="event-who">
            {who}
          </span>
          {event.username && event.userName && <span className="text-muted-foreground">{event.username}</span>}
        </div>
        {(details || event.actorName) && (
          <p className="mt-1 text-muted-foreground">
            {details}
            {details && event.actorName && ' · '}
            {event.actorName && t('securityLog.by', { name: event.actorName })}
          </p>
        )}
        <p className="mt-1 truncate text-xs text-muted-foreground" title={event.userAgent ?? undefined}>
          <span data-testid="event-ip">{event.ip ?? t('securityLog.unknownIp')}</span>
          {' · '}
          {event.userAgent ?? t('securityLog.unknownBrowser')}
        </p>
      </div>
      <time dateTime={event.createdAt} className="text-xs whitespace-nowrap text-muted-foreground sm:text-sm">
        {formatDateTime(event.createdAt)}
      </time>
    </li>
  );
}

function detailText(
  event: SecurityEvent,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  const d = event.details;
  switch (event.type) {
    case 'sign_in_failed':
      return d?.reason === 'disabled'
        ? t('securityLog.details.disabled')
        : t('securityLog.details.invalidCredentials', { username: event.username ?? '' });
    case 'sign_in_throttled':
      return t('securityLog.details.throttled', { count: Math.max(1, Math.ceil((d?.retryAfterSeconds ?? 0) / 60)) });
    case 'role_changed':
      return d?.from && d.to
        ? t('securityLog.details.role', { from: t(`roles.${d.from}`), to: t(`roles.${d.to}`) })
        : null;
    case 'user_created':
    case 'user_registered':
      return d?.to ? t('securityLog.details.createdAs', { role: t(`roles.${d.to}`) }) : null;
    case 'user_disabled':
    case 'password_reset':
    case 'password_changed':
    case 'sessions_ended':
      return d?.endedSessions !== undefined ? t('securityLog.details.endedSessions', { count: d.endedSessions }) : null;
    default:
      return null;
  }
}
