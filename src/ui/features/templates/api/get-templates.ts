import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';

export type Template = ApiResponse<'/api/crm/templates', 'get'>['items'][number];
export type TemplateFilters = Omit<ApiQuery<'/api/crm/templates', 'get'>, 'limit' | 'cursor' | 'includeTotal'>;

export const TEMPLATES_QUERY_KEY = ['templates'] as const;

export const getTemplates = (filters: TemplateFilters) => data(api.GET('/api/crm/templates', { params: { query: { ...filters, limit: 200 } } }));

export const getTemplatesQueryOptions = (filters: TemplateFilters) => queryOptions({ queryKey: [...TEMPLATES_QUERY_KEY, 'list', filters], queryFn: () => getTemplates(filters) });

export const useTemplates = (filters: TemplateFilters, enabled = true) => useQuery({ ...getTemplatesQueryOptions(filters), enabled });
