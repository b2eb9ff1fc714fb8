import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { webhookDeliveriesKey } from './get-webhook-deliveries';
import { WEBHOOKS_QUERY_KEY } from './get-webhooks';

export type NewWebhook = ApiBody<'/api/admin/webhooks', 'post'>;
export type CreatedWebhook = ApiResponse<'/api/admin/webhooks', 'post'>;
export type WebhookChanges = ApiBody<'/api/admin/webhooks/{id}', 'patch'>;

const refreshEndpoints = () => queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_QUERY_KEY, 'list'] });

/** A new endpoint: the answer holds its signing secret, this once. */
export const useCreateWebhook = () =>
  useMutation({
    mutationFn: (body: NewWebhook) => data(api.POST('/api/admin/webhooks', { body })),
    onSuccess: refreshEndpoints,
  });

/** URL, description, events, or `active` (pause, resume, or turn back on one the system turned off). */
export const useUpdateWebhook = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookChanges }) =>
      data(api.PATCH('/api/admin/webhooks/{id}', { params: { path: { id } }, body })),
    onSuccess: refreshEndpoints,
  });

/** Deletes the endpoint and its delivery log. */
export const useDeleteWebhook = () =>
  useMutation({
    mutationFn: (id: number) => data(api.DELETE('/api/admin/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([refreshEndpoints(), queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey() })]),
  });

/**
 * Sends a `webhook.test` event now (paused or not): the answer is the delivery after its first try, which may have
 * changed the endpoint's failure state.
 */
export const useSendTestWebhook = () =>
  useMutation({
    mutationFn: (id: number) => data(api.POST('/api/admin/webhooks/{id}/test', { params: { path: { id } } })),
    onSuccess: (_delivery, id) =>
      Promise.all([refreshEndpoints(), queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(id) })]),
  });

/** The same event again, as a new delivery due now: the worker's scan sends it within seconds. */
export const useRedeliverWebhook = () =>
  useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      data(
        api.POST('/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
          params: { path: { id: endpointId, deliveryId } },
        }),
      ),
    onSuccess: (_delivery, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(endpointId) }),
  });
