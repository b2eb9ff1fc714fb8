import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { DEALS_QUERY_KEY } from './get-deals';

/** One deal, for a link that names it (`/crm/pipeline?deal=<id>`, e.g. from the search palette). */
export const useDeal = (id: number | null) =>
  useQuery({
    queryKey: [...DEALS_QUERY_KEY, 'one', id],
    queryFn: () => data(api.GET('/api/crm/deals/{id}', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
  });
