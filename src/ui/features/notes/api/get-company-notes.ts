import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

const PAGE_SIZE = 20;

/** A company's notes and those of its people and its deals, newest first, a page at a time. */
export const getCompanyNotesQueryOptions = (companyId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notes.company(companyId),
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/api/crm/notes', { params: { query: { company: companyId, limit: PAGE_SIZE, cursor: pageParam } } }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useCompanyNotes = (companyId: number) => useInfiniteQuery(getCompanyNotesQueryOptions(companyId));
