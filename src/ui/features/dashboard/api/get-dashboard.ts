import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type Dashboard = ApiResponse<'/api/dashboard', 'get'>;
export type ServiceStatus = Dashboard['status'][number]['status'];

export const DASHBOARD_QUERY_KEY = ['/api/dashboard'] as const;

export const getDashboard = () => data(api.GET('/api/dashboard'));

export const getDashboardQueryOptions = () => queryOptions({ queryKey: DASHBOARD_QUERY_KEY, queryFn: getDashboard });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
