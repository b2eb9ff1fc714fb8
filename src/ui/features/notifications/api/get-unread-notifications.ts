import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotifications, NOTIFICATIONS_QUERY_KEY, type AppNotification } from './get-notifications';

/**
 * The one exception to SPEC §9's "no polling": the server offers no server-sent events, so the bell
 * polls — only the unread count and the newest notification (one row), every 30 s, and only while
 * the tab is visible (TanStack pauses the interval in the background and catches up on return).
 */
export const UNREAD_POLL_MS = 30_000;

export interface UnreadNotifications {
  unread: number;
  latest: AppNotification | null;
}

export const UNREAD_NOTIFICATIONS_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const;

export const getUnreadNotifications = async (): Promise<UnreadNotifications> => {
  const page = await getNotifications({ limit: 1 });
  return { unread: page.unread, latest: page.items[0] ?? null };
};

export const getUnreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_NOTIFICATIONS_QUERY_KEY,
    queryFn: getUnreadNotifications,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });

export const useUnreadNotifications = () => useQuery(getUnreadNotificationsQueryOptions());
