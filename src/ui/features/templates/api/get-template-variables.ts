import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type TemplateVariable = ApiResponse<'/api/crm/templates/variables', 'get'>['items'][number];

export const getTemplateVariables = () => data(api.GET('/api/crm/templates/variables'));

/** The variables a template may use: the server's list, which it also enforces. */
export const templateVariablesQueryOptions = () =>
  queryOptions({
    queryKey: ['templates', 'variables'],
    queryFn: getTemplateVariables,
    staleTime: Infinity,
    select: (answer) => answer.items,
  });

export const useTemplateVariables = () => useQuery(templateVariablesQueryOptions());
