import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import type { AppNotification } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationList } from './notification-list';
import { useNewNotificationToast } from './use-new-notification-toast';

const MAX_SHOWN_COUNT = 99;

/** Top-bar bell: unread count, the list in a panel, and a toast when a new one arrives. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unreadQuery = useUnreadNotifications();
  useNewNotificationToast(unreadQuery.data);
  const markRead = useMarkNotificationRead();
  const unread = unreadQuery.data?.unread ?? 0;

  const openNotification = (notification: AppNotification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    setOpen(false);
    if (notification.link) navigate(notification.link);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={t('notifications.bell', { count: unread })}
        >
          <Bell className="h-5 w-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-danger-foreground"
            >
              {unread > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[min(24rem,calc(100vw-1rem))]" aria-labelledby="notifications-title">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 id="notifications-title" className="text-sm font-semibold">
            {t('notifications.title')}
          </h2>
          {unread > 0 && (
            <span className="text-xs text-muted-foreground">{t('notifications.unreadCount', { count: unread })}</span>
          )}
        </div>
        <NotificationList onOpen={openNotification} />
      </PopoverContent>
    </Popover>
  );
}
