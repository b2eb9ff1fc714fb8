import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { CONTACTS_QUERY_KEY } from './get-contacts';

export type DuplicateProbe = ApiQuery<'/api/crm/contacts/duplicates', 'get'>;
export type PossibleDuplicate = ApiResponse<'/api/crm/contacts/duplicates', 'get'>['items'][number];

export const getPossibleDuplicates = (probe: DuplicateProbe) =>
  data(api.GET('/api/crm/contacts/duplicates', { params: { query: probe } }));

/** Contacts that may be the same person as the one being written: the same email or phone, or a very similar name. */
export const getPossibleDuplicatesQueryOptions = (probe: DuplicateProbe) =>
  queryOptions({ queryKey: [...CONTACTS_QUERY_KEY, 'duplicates', probe], queryFn: () => getPossibleDuplicates(probe) });

export const usePossibleDuplicates = (probe: DuplicateProbe, enabled: boolean) =>
  useQuery({ ...getPossibleDuplicatesQueryOptions(probe), enabled, placeholderData: keepPreviousData });
