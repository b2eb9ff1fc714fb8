import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { NOTIFICATION_SETTINGS_QUERY_KEY } from './get-notification-settings';

export type NotificationSettingsInput = ApiBody<'/api/notifications/settings', 'put'>;

export const saveNotificationSettings = (body: NotificationSettingsInput) =>
  data(api.PUT('/api/notifications/settings', { body }));

export const useSaveNotificationSettings = () =>
  useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, saved),
  });
