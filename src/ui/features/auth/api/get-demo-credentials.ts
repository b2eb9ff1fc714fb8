import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Role } from '../../../lib/session';

export interface DemoCredentials {
  demo: boolean;
  credentials: { role: Role; username: string; password: string }[];
}

export const getDemoCredentials = () => apiGet<DemoCredentials>('/api/auth/demo-credentials');

export const getDemoCredentialsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/demo-credentials'], queryFn: getDemoCredentials });

export const useDemoCredentials = () => useQuery(getDemoCredentialsQueryOptions());
