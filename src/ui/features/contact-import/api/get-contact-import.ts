import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { CONTACT_IMPORTS_QUERY_KEY } from './preview-contact-import';

export type ContactImport = ApiResponse<'/api/crm/contact-imports/{id}', 'get'>;

/** While the job has work left, the import is read again every second (the progress bar). */
export const IMPORT_POLL_MS = 1000;
export const isImportActive = (found: Pick<ContactImport, 'status'> | undefined) =>
  found?.status === 'queued' || found?.status === 'running';

export const getContactImport = (id: number) =>
  data(api.GET('/api/crm/contact-imports/{id}', { params: { path: { id } } }));

export const getContactImportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...CONTACT_IMPORTS_QUERY_KEY, 'detail', id],
    queryFn: () => getContactImport(id),
    refetchInterval: (query) => (isImportActive(query.state.data) ? IMPORT_POLL_MS : false),
    // A finished import never changes by itself, but coming back to it must show the truth.
    staleTime: 0,
  });

export const useContactImport = (id: number) => useQuery(getContactImportQueryOptions(id));
