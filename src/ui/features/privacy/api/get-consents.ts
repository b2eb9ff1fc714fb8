import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type ContactConsents = ApiResponse<'/api/privacy/contacts/{id}/consents', 'get'>;
export type Consent = ContactConsents['items'][number];
export type ConsentChannel = Consent['channel'];
export type LegalBasis = NonNullable<ContactConsents['legalBasis']>;
export type LegalBasisKind = LegalBasis['basis'];
/** A channel's latest record: granted or revoked, and since when (null: nothing recorded). */
export type ChannelState = NonNullable<ContactConsents['state']>[ConsentChannel];

/** A contact's consent records (newest first), each channel's current state and the legal basis in force. */
export const getContactConsentsQueryOptions = (contactId: number) =>
  queryOptions({
    queryKey: queryKeys.privacy.consents(contactId),
    queryFn: () => data(api.GET('/api/privacy/contacts/{id}/consents', { params: { path: { id: contactId } } })),
  });

export const useContactConsents = (contactId: number) => useQuery(getContactConsentsQueryOptions(contactId));
