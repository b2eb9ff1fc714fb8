import { useMutation, type InfiniteData } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { getNotificationsQueryOptions, type NotificationsPage } from './get-notifications';
import { UNREAD_NOTIFICATIONS_QUERY_KEY, type UnreadNotifications } from './get-unread-notifications';

/** Answers the new unread count. */
export const markNotificationRead = (id: number) =>
  data(api.POST('/api/notifications/{id}/read', { params: { path: { id } } }));

export function useMarkNotificationRead(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unread }, id) => {
      // The answer carries the new count: the caches follow it without another round trip.
      const readAt = new Date().toISOString();
      const markItem = <T extends { id: number; readAt: string | null }>(item: T): T =>
        item.id === id && !item.readAt ? { ...item, readAt } : item;
      queryClient.setQueryData<UnreadNotifications>(UNREAD_NOTIFICATIONS_QUERY_KEY, (old) =>
        old ? { unread, latest: old.latest && markItem(old.latest) } : old,
      );
      queryClient.setQueryData<InfiniteData<NotificationsPage, string | undefined>>(
        getNotificationsQueryOptions().queryKey,
        (old) =>
          old
            ? { ...old, pages: old.pages.map((page) => ({ ...page, unread, items: page.items.map(markItem) })) }
            : old,
      );
    },
    onError: options.onError,
  });
}
