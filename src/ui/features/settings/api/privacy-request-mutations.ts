import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

export type NewPrivacyRequest = ApiBody<'/api/privacy/requests', 'post'>;
export type PrivacyRequestChanges = ApiBody<'/api/privacy/requests/{id}', 'patch'>;

const refreshRequests = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.privacy.requests }),
    queryClient.invalidateQueries({ queryKey: queryKeys.privacy.audit }),
  ]);

/** A request logged as the person made it; due in 15 days unless `dueAt` says otherwise. */
export const useCreatePrivacyRequest = () =>
  useMutation({
    mutationFn: (body: NewPrivacyRequest) => data(api.POST('/api/privacy/requests', { body })),
    onSuccess: refreshRequests,
  });

/** Its status, deadline or note. */
export const useUpdatePrivacyRequest = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: PrivacyRequestChanges }) =>
      data(api.PATCH('/api/privacy/requests/{id}', { params: { path: { id } }, body })),
    onSuccess: refreshRequests,
  });

/**
 * Replaces the contact's personal data everywhere Funil holds it (for good); with `requestId`, that request is
 * completed. Everything that showed the contact is read again.
 */
export const useAnonymizeContact = () =>
  useMutation({
    mutationFn: ({ contactId, requestId }: { contactId: number; requestId?: number }) =>
      data(
        api.POST('/api/privacy/contacts/{id}/anonymize', {
          params: { path: { id: contactId } },
          body: requestId === undefined ? {} : { requestId },
        }),
      ),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.privacy.all,
          queryKeys.contacts.all,
          queryKeys.deals.all,
          queryKeys.activities.all,
          queryKeys.notes.all,
          queryKeys.timeline.all,
          queryKeys.home.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
