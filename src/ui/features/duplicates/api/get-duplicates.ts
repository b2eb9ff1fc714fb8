import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import type { DuplicateKind } from '../merge-choices';

export type DuplicatesPage = ApiResponse<'/api/crm/duplicates/contacts', 'get'>;
export type DuplicateGroup = DuplicatesPage['items'][number];
export type DuplicateMember = DuplicateGroup['members'][number];

/** Every kind's groups, then one kind's: a merge or a dismissal invalidates both kinds' lists by the prefix. */
export const DUPLICATES_QUERY_KEY = ['duplicates'] as const;
export const duplicatesQueryKey = (kind: DuplicateKind) => [...DUPLICATES_QUERY_KEY, kind] as const;

const PAGE_SIZE = 20;

/** A group's identity in the list: what its records share, and why. */
export const groupKey = (group: Pick<DuplicateGroup, 'reason' | 'key'>): string => `${group.reason}:${group.key}`;

export const getDuplicates = (kind: DuplicateKind, cursor?: string): Promise<DuplicatesPage> =>
  kind === 'contacts'
    ? data(api.GET('/api/crm/duplicates/contacts', { params: { query: { limit: PAGE_SIZE, cursor } } }))
    : data(api.GET('/api/crm/duplicates/companies', { params: { query: { limit: PAGE_SIZE, cursor } } }));

/** Likely duplicates of one kind, surest first, a page of groups at a time. */
export const getDuplicatesQueryOptions = (kind: DuplicateKind) =>
  infiniteQueryOptions({
    queryKey: duplicatesQueryKey(kind),
    queryFn: ({ pageParam }) => getDuplicates(kind, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useDuplicates = (kind: DuplicateKind) => useInfiniteQuery(getDuplicatesQueryOptions(kind));

/** The list without a group (dismissed or merged): it leaves the screen before the server is read again. */
export const withoutGroup = (
  list: InfiniteData<DuplicatesPage, string | undefined> | undefined,
  key: string,
): InfiniteData<DuplicatesPage, string | undefined> | undefined =>
  list && {
    ...list,
    pages: list.pages.map((page) => ({ ...page, items: page.items.filter((group) => groupKey(group) !== key) })),
  };
