import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

export type NewConsent = ApiBody<'/api/privacy/contacts/{id}/consents', 'post'>;
export type NewLegalBasis = ApiBody<'/api/privacy/contacts/{id}/legal-basis', 'post'>;

/** The contact's consents and the audit (every record is logged), and its history. */
const refresh = (contactId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.privacy.consents(contactId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.privacy.audit }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.contact(contactId) }),
  ]);

/** A grant (with what the person was shown) or a revocation: a new record, the earlier ones stay. */
export const useRecordConsent = (contactId: number) =>
  useMutation({
    mutationFn: (body: NewConsent) =>
      data(api.POST('/api/privacy/contacts/{id}/consents', { params: { path: { id: contactId } }, body })),
    onSuccess: () => refresh(contactId),
  });

/** The legal basis from now on (LGPD Art. 7), with an optional note. */
export const useRecordLegalBasis = (contactId: number) =>
  useMutation({
    mutationFn: (body: NewLegalBasis) =>
      data(api.POST('/api/privacy/contacts/{id}/legal-basis', { params: { path: { id: contactId } }, body })),
    onSuccess: () => refresh(contactId),
  });
