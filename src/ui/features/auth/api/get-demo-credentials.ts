import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type DemoCredential = ApiResponse<'/api/auth/demo-credentials', 'get'>['credentials'][number];

export const getDemoCredentials = () => data(api.GET('/api/auth/demo-credentials'));

export const getDemoCredentialsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/demo-credentials'], queryFn: getDemoCredentials });

export const useDemoCredentials = () => useQuery(getDemoCredentialsQueryOptions());
