import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { CONTACT_IMPORTS_QUERY_KEY } from './preview-contact-import';

export const getRecentContactImports = () => data(api.GET('/api/crm/contacts/import'));

/** The signed-in user's latest imports: the wizard points to one still running after a reload. */
export const getRecentContactImportsQueryOptions = () =>
  queryOptions({ queryKey: [...CONTACT_IMPORTS_QUERY_KEY, 'recent'], queryFn: getRecentContactImports, staleTime: 0 });

export const useRecentContactImports = () => useQuery(getRecentContactImportsQueryOptions());
