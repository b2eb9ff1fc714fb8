import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';

export type TemplatesPage = ApiResponse<'/api/crm/templates', 'get'>;
export type Template = TemplatesPage['items'][number];
export type TemplateFilters = Omit<ApiQuery<'/api/crm/templates', 'get'>, 'limit' | 'cursor' | 'includeTotal'>;

/** Every template query starts with this: a write or a use invalidates them all (lists, one, renders). */
export const TEMPLATES_QUERY_KEY = ['templates'] as const;
const PAGE_SIZE = 30;

/** The first 200 matching templates at once: what a picker offers (templates are few). */
export const getTemplates = (filters: TemplateFilters) =>
  data(api.GET('/api/crm/templates', { params: { query: { ...filters, limit: 200 } } }));

export const getTemplatesQueryOptions = (filters: TemplateFilters) =>
  queryOptions({ queryKey: [...TEMPLATES_QUERY_KEY, 'list', filters], queryFn: () => getTemplates(filters) });

export const useTemplates = (filters: TemplateFilters, enabled = true) =>
  useQuery({ ...getTemplatesQueryOptions(filters), enabled });

/** The templates screen's list: oldest first (the seeded samples lead), a page at a time, the first page counts them. */
export const getTemplatePageQueryOptions = (filters: TemplateFilters) =>
  infiniteQueryOptions({
    queryKey: [...TEMPLATES_QUERY_KEY, 'pages', filters],
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/crm/templates', {
          params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam, includeTotal: pageParam === undefined } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useTemplatePages = (filters: TemplateFilters) => useInfiniteQuery(getTemplatePageQueryOptions(filters));
