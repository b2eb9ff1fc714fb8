import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { exportUrl, spreadsheetQuery } from '../../../lib/file-format';
import { queryKeys } from '../../../lib/api/query-keys';

export type PrivacyAuditEntry = ApiResponse<'/api/privacy/audit', 'get'>['items'][number];
export type PrivacyAuditAction = PrivacyAuditEntry['action'];

/** The record of operations on personal data, newest first, 30 a page. */
export const getPrivacyAuditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.privacy.audit,
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/privacy/audit', { params: { query: { limit: 30, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const usePrivacyAudit = () => useInfiniteQuery(getPrivacyAuditQueryOptions());

/** Where the browser downloads the whole record for Excel, labelled in the screen's language. */
export const privacyAuditExportUrl = (language: string): string =>
  exportUrl('/api/privacy/audit/export', spreadsheetQuery(language));
