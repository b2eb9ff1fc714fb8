import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';

// The API document does not describe these answers yet (src/http/notifications has no response schema):
// until it does, this is the shape the server sends.
export interface AppNotification {
  id: number;
  kind: 'activity.reminder';
  activityId: number | null;
  /** Written by the server in the language of the user's reminder settings. */
  title: string;
  body: string;
  /** What the reminder is about and when that is due; null on older notifications. */
  subject: string | null;
  dueAt: string | null;
  /** An in-app path, e.g. /crm/activities?activity=12. */
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPage {
  items: AppNotification[];
  nextCursor: string | null;
  unread: number;
}

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;
const PAGE_SIZE = 20;

export const getNotifications = async ({ limit = PAGE_SIZE, cursor }: { limit?: number; cursor?: string } = {}) =>
  (await data(api.GET('/api/notifications', { params: { query: { limit, cursor } } }))) as unknown as NotificationsPage;

/** The bell's list, newest first, a page at a time. */
export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'],
    queryFn: ({ pageParam }) => getNotifications({ cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useNotifications = () => useInfiniteQuery(getNotificationsQueryOptions());
