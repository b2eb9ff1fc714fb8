import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type LeadForm = ApiResponse<'/api/admin/forms', 'get'>['items'][number];
export type LeadFormSubmission = ApiResponse<'/api/admin/forms/{id}/submissions', 'get'>['items'][number];

/** Every web-to-lead form read (the forms and their submissions) sits under this prefix. */
export const LEAD_FORMS_QUERY_KEY = ['admin', 'forms'] as const;

/** The forms, newest first, each with its snippets. */
export const getLeadFormsQueryOptions = () =>
  queryOptions({
    queryKey: [...LEAD_FORMS_QUERY_KEY, 'list'],
    queryFn: () => data(api.GET('/api/admin/forms')),
  });

export const useLeadForms = () => useQuery(getLeadFormsQueryOptions());

/** The list read again: its submission counts grow with what the sites send. */
export const refreshLeadForms = () => queryClient.invalidateQueries({ queryKey: getLeadFormsQueryOptions().queryKey });
