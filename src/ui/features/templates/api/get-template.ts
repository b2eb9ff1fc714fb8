import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';

export const getTemplate = (id: number) => data(api.GET('/api/crm/templates/{id}', { params: { path: { id } } }));

export const getTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...TEMPLATES_QUERY_KEY, 'one', id], queryFn: () => getTemplate(id) });

/** One template (the preview opened from a link, ?template=<id>). */
export const useTemplate = (id: number | null) =>
  useQuery({ ...getTemplateQueryOptions(id ?? 0), enabled: id !== null });
