import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type UserSession = ApiResponse<'/api/user/sessions', 'get'>['items'][number];

export const SESSIONS_QUERY_KEY = ['/api/user/sessions'] as const;

export const getSessions = () => data(api.GET('/api/user/sessions'));

export const getSessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: getSessions });

export const useSessions = () => useQuery(getSessionsQueryOptions());
