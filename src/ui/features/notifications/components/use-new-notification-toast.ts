import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/use-toast';
import { queryClient } from '../../../lib/query-client';
import { getNotificationsQueryOptions } from '../api/get-notifications';
import type { UnreadNotifications } from '../api/get-unread-notifications';
import { notificationText } from './notification-text';

/**
 * A toast when the poll finds a notification newer than any seen since the app opened (the first
 * answer only sets the baseline: what was there before is not news). Several arriving between two
 * polls show as one toast, the newest; the count tells the rest.
 */
export function useNewNotificationToast(data: UnreadNotifications | undefined): void {
  const { t } = useTranslation();
  const newestSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const latestId = data.latest?.id ?? 0;
    if (newestSeen.current === null) {
      newestSeen.current = latestId;
      return;
    }
    if (latestId <= newestSeen.current || !data.latest) return;
    newestSeen.current = latestId;
    void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
    if (!data.latest.readAt) {
      const text = notificationText(data.latest, t);
      toast({ title: text.title, description: text.body });
    }
  }, [data, t]);
}
