import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { exportUrl } from '../../../lib/file-format';
import { queryKeys } from '../../../lib/api/query-keys';

export type PrivacyRequest = ApiResponse<'/api/privacy/requests', 'get'>['items'][number];
export type PrivacyRequestKind = PrivacyRequest['kind'];
export type PrivacyRequestStatus = PrivacyRequest['status'];
export type SubjectSummary = ApiResponse<'/api/privacy/contacts/{id}/summary', 'get'>;

/** The data subjects' requests, newest first, 30 a page. */
export const getPrivacyRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.privacy.requests,
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/privacy/requests', { params: { query: { limit: 30, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const usePrivacyRequests = () => useInfiniteQuery(getPrivacyRequestsQueryOptions());

/** How much Funil holds about a contact, per kind of record: what an anonymization would change. */
export const useSubjectSummary = (contactId: number) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.privacy.summary(contactId),
      queryFn: () => data(api.GET('/api/privacy/contacts/{id}/summary', { params: { path: { id: contactId } } })),
      // Read fresh each time the confirmation opens: it names what is about to change.
      staleTime: 0,
    }),
  );

/** Where the browser downloads everything about the request's contact: JSON (portability) or a readable report. */
export const privacyExportUrl = (requestId: number, format: 'json' | 'html'): string =>
  exportUrl(`/api/privacy/requests/${requestId}/${format === 'html' ? 'report' : 'export'}`, {});
