import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface UserSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
  remember: boolean;
  current: boolean;
}

export const SESSIONS_QUERY_KEY = ['/api/user/sessions'] as const;

export const getSessions = () => apiGet<{ items: UserSession[] }>('/api/user/sessions');

export const getSessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: getSessions });

export const useSessions = () => useQuery(getSessionsQueryOptions());
