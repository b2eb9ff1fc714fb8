import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import { CONTACTS_QUERY_KEY } from './get-contacts';

/** The contacts (ids, or every one the list's filters match) and the one change for all of them. */
export type BulkContactsInput = ApiBody<'/api/crm/contacts/bulk', 'post'>;
export type BulkContactsResult = ApiResponse<'/api/crm/contacts/bulk', 'post'>;

/** As the server caps a filter's matches (BULK_FILTER_MAX): more is refused, so the UI does not offer it. */
export const BULK_FILTER_MAX = 10_000;

export const bulkContacts = (body: BulkContactsInput) => data(api.POST('/api/crm/contacts/bulk', { body }));

/** Any contact may have changed or gone: every contacts query (lists, tags, a contact's page) is refreshed. */
export const useBulkContacts = () =>
  useMutation({
    mutationFn: bulkContacts,
    // The home's recent contacts (and, for a deleted one, its deals and activities) change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
