import { BellOff, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useNotifications, type AppNotification } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationText } from './notification-text';

function NotificationRow({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (notification: AppNotification) => void;
}) {
  const { t } = useTranslation();
  const unread = !notification.readAt;
  const text = notificationText(notification, t);
  const markRead = useMarkNotificationRead({
    onError: (error) =>
      toast({ variant: 'destructive', title: t('notifications.markReadFailed'), description: errorMessage(error, t) }),
  });
  return (
    <li
      className={cn('flex items-start gap-1 px-2 py-1', unread && 'bg-primary/5')}
      data-testid="notification-item"
      data-unread={unread}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 items-start gap-2 rounded-md px-2 py-2 text-left hover:bg-muted focus-ring"
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        />
        <span className="min-w-0">
          <span
            className={cn('block text-sm break-words', unread ? 'font-semibold' : 'font-medium text-muted-foreground')}
          >
            {unread && <span className="sr-only">{t('notifications.unreadMark')} </span>}
            {text.title}
          </span>
          <span className="mt-0.5 block text-sm break-words text-muted-foreground">{text.body}</span>
          <span className="mt-1 block text-xs text-muted-foreground">{formatDateTime(notification.createdAt)}</span>
        </span>
      </button>
      {unread && (
        <Button
          variant="ghost"
          size="iconSm"
          className="mt-1"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(notification.id)}
          aria-label={t('notifications.markRead', { title: text.title })}
        >
          <Check className="h-4 w-4" aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

/** The bell's panel body: newest first, a page at a time. Opening one marks it read. */
export function NotificationList({ onOpen }: { onOpen: (notification: AppNotification) => void }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  if (notifications.isPending) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 px-4 py-8 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </div>
    );
  }
  if (notifications.isError) {
    return (
      <p role="alert" className="px-4 py-6 text-sm text-danger">
        {errorMessage(notifications.error, t)}
      </p>
    );
  }
  const items = notifications.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="p-3">
        <EmptyState icon={BellOff} title={t('notifications.empty')} description={t('notifications.emptyHint')} />
      </div>
    );
  }
  return (
    <>
      <ul className="max-h-[min(28rem,70vh)] divide-y divide-border overflow-y-auto">
        {items.map((notification) => (
          <NotificationRow key={notification.id} notification={notification} onOpen={onOpen} />
        ))}
      </ul>
      {notifications.hasNextPage && (
        <div className="border-t border-border p-2">
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            disabled={notifications.isFetchingNextPage}
            onClick={() => void notifications.fetchNextPage()}
          >
            {notifications.isFetchingNextPage ? t('common.loading') : t('notifications.more')}
          </Button>
        </div>
      )}
    </>
  );
}
