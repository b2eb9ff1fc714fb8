import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';

export type SecurityEvent = ApiResponse<'/api/admin/security-events', 'get'>['items'][number];
export type SecurityEventType = SecurityEvent['type'];
export type SecurityEventFilters = Pick<ApiQuery<'/api/admin/security-events', 'get'>, 'userId' | 'type'>;

export const SECURITY_EVENTS_QUERY_KEY = ['admin', 'security-events'] as const;

/** The security log, newest first, 30 a page, for the filters (user, type). */
export const getSecurityEventsQueryOptions = (filters: SecurityEventFilters) =>
  infiniteQueryOptions({
    queryKey: [...SECURITY_EVENTS_QUERY_KEY, filters],
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/admin/security-events', { params: { query: { ...filters, limit: 30, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useSecurityEvents = (filters: SecurityEventFilters) =>
  useInfiniteQuery(getSecurityEventsQueryOptions(filters));
