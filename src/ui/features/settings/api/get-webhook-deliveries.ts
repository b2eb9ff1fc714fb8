import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks';

/** One endpoint's deliveries (or every endpoint's, without an id): a test or a redelivery invalidates these. */
export const webhookDeliveriesKey = (endpointId?: number) =>
  endpointId === undefined
    ? ([...WEBHOOKS_QUERY_KEY, 'deliveries'] as const)
    : ([...WEBHOOKS_QUERY_KEY, 'deliveries', endpointId] as const);

/** An endpoint's deliveries, newest first, 20 a page (keyset cursor). */
export const getWebhookDeliveriesQueryOptions = (endpointId: number) =>
  infiniteQueryOptions({
    queryKey: webhookDeliveriesKey(endpointId),
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/admin/webhooks/{id}/deliveries', {
          params: { path: { id: endpointId }, query: { limit: 20, cursor: pageParam } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useWebhookDeliveries = (endpointId: number) =>
  useInfiniteQuery(getWebhookDeliveriesQueryOptions(endpointId));
