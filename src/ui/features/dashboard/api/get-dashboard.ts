import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export type ServiceStatus = 'up' | 'warning' | 'down';

export interface Dashboard {
  users: number;
  activeSessions: number;
  security: { score: number; checks: { id: string; passed: boolean }[] };
  responseTime: { medianMs: number | null; samples: number };
  status: { name: 'database' | 'api' | 'queue' | 'security'; status: ServiceStatus; detail?: string }[];
  recentActivity: {
    id: string | number;
    entityType: 'contact' | 'deal' | 'activity';
    entityId: string | number;
    action: 'created' | 'updated' | 'deleted';
    entityName: string;
    userName: string | null;
    at: string;
  }[];
}

export const DASHBOARD_QUERY_KEY = ['/api/dashboard'] as const;

export const getDashboard = () => apiGet<Dashboard>('/api/dashboard');

export const getDashboardQueryOptions = () => queryOptions({ queryKey: DASHBOARD_QUERY_KEY, queryFn: getDashboard });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
