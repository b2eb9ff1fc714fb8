import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type WebhookEndpoint = ApiResponse<'/api/admin/webhooks', 'get'>['items'][number];
export type WebhookEventType = WebhookEndpoint['events'][number];
export type WebhookDelivery = ApiResponse<'/api/admin/webhooks/{id}/deliveries', 'get'>['items'][number];

/** Every webhook read (endpoints and their deliveries) sits under this prefix. */
export const WEBHOOKS_QUERY_KEY = ['admin', 'webhooks'] as const;

/** The endpoints, newest first. */
export const getWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'list'],
    queryFn: () => data(api.GET('/api/admin/webhooks')),
  });

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());
