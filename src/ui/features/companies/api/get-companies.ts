import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiQuery, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';

export type CompaniesPage = ApiResponse<'/api/crm/companies', 'get'>;
export type Company = CompaniesPage['items'][number];
export type CompanySize = NonNullable<Company['size']>;
export type Uf = NonNullable<Company['uf']>;

/** Every size band, smallest first (the compiler checks none is missing). */
export const COMPANY_SIZES = Object.keys({ micro: 0, small: 0, medium: 0, large: 0 } satisfies Record<
  CompanySize,
  0
>) as CompanySize[];

/** The 27 federative units, as the API takes them (the compiler checks none is missing). */
// prettier-ignore
export const UFS = Object.keys({
  AC: 0, AL: 0, AP: 0, AM: 0, BA: 0, CE: 0, DF: 0, ES: 0, GO: 0, MA: 0, MT: 0, MS: 0, MG: 0, PA: 0,
  PB: 0, PR: 0, PE: 0, PI: 0, RJ: 0, RN: 0, RS: 0, RO: 0, RR: 0, SC: 0, SP: 0, SE: 0, TO: 0,
} satisfies Record<Uf, 0>).sort() as Uf[];

/** The columns the list can be ordered by, besides a custom field (`customFields.<key>`), in the order offered. */
export const COMPANY_SORTS = ['name', 'segment', 'size', 'city', 'uf', 'createdAt', 'updatedAt'] as const;

/** The list's filters: the document's, and `customFields.<key>` (a custom field's value; the server reads its type). */
export type CompanyFilters = Omit<ApiQuery<'/api/crm/companies', 'get'>, 'limit' | 'cursor' | 'includeTotal'> & {
  [name: `customFields.${string}`]: string | undefined;
};

const PAGE_SIZE = 30;

export const getCompanies = ({ filters, cursor }: { filters: CompanyFilters; cursor?: string }) =>
  data(
    api.GET('/api/crm/companies', {
      params: { query: { ...filters, limit: PAGE_SIZE, cursor, includeTotal: cursor === undefined } },
    }),
  );

/** The companies matching the filters, newest first, a page at a time; the first page also counts them all. */
export const getCompaniesQueryOptions = (filters: CompanyFilters) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.companies.lists, filters],
    queryFn: ({ pageParam }) => getCompanies({ filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useCompanies = (filters: CompanyFilters) => useInfiniteQuery(getCompaniesQueryOptions(filters));

/** A company written: its lists, its page and the histories are read again. */
export const invalidateCompanies = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
  ]);
