import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { LEAD_FORMS_QUERY_KEY } from './get-lead-forms';

/** One form's submissions (or every form's, without an id). */
export const leadFormSubmissionsKey = (formId?: number) =>
  formId === undefined
    ? ([...LEAD_FORMS_QUERY_KEY, 'submissions'] as const)
    : ([...LEAD_FORMS_QUERY_KEY, 'submissions', formId] as const);

/** A form's submissions, newest first, 20 a page (keyset cursor). */
export const getLeadFormSubmissionsQueryOptions = (formId: number) =>
  infiniteQueryOptions({
    queryKey: leadFormSubmissionsKey(formId),
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/admin/forms/{id}/submissions', {
          params: { path: { id: formId }, query: { limit: 20, cursor: pageParam } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useLeadFormSubmissions = (formId: number) => useInfiniteQuery(getLeadFormSubmissionsQueryOptions(formId));
