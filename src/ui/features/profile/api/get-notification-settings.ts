import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type NotificationSettings = ApiResponse<'/api/notifications/settings', 'get'>;

export const NOTIFICATION_SETTINGS_QUERY_KEY = ['notifications', 'settings'] as const;

export const getNotificationSettings = () => data(api.GET('/api/notifications/settings'));

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY, queryFn: getNotificationSettings });

export const useNotificationSettings = () => useQuery(getNotificationSettingsQueryOptions());
