import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type NotificationsPage = ApiResponse<'/api/notifications', 'get'>;
export type AppNotification = NotificationsPage['items'][number];

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;
const PAGE_SIZE = 20;

export const getNotifications = ({ limit = PAGE_SIZE, cursor }: { limit?: number; cursor?: string } = {}) =>
  data(api.GET('/api/notifications', { params: { query: { limit, cursor } } }));

/** The bell's list, newest first, a page at a time. */
export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'],
    queryFn: ({ pageParam }) => getNotifications({ cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useNotifications = () => useInfiniteQuery(getNotificationsQueryOptions());
