import { useQueries } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import type { DuplicateKind } from '../merge-choices';

export type ContactRecord = ApiResponse<'/api/crm/contacts/{id}', 'get'>;
export type CompanyRecord = ApiResponse<'/api/crm/companies/{id}', 'get'>;
export type MergeableRecord = ContactRecord | CompanyRecord;

/** A record's query key: the same as its own page's query, so both share what was read. */
export const recordQueryKey = (kind: DuplicateKind, id: number): readonly unknown[] =>
  kind === 'contacts' ? [...queryKeys.contacts.all, 'detail', id] : queryKeys.companies.detail(id);

/** A record with every field (the group's members carry a summary only). */
const recordQuery = (kind: DuplicateKind, id: number) =>
  kind === 'contacts'
    ? {
        queryKey: recordQueryKey(kind, id),
        queryFn: (): Promise<MergeableRecord> => data(api.GET('/api/crm/contacts/{id}', { params: { path: { id } } })),
      }
    : {
        queryKey: recordQueryKey(kind, id),
        queryFn: (): Promise<MergeableRecord> => data(api.GET('/api/crm/companies/{id}', { params: { path: { id } } })),
      };

/** The group's records in full, in the group's order; loaded again each time the dialog opens (they may have changed). */
export const useRecordsToMerge = (kind: DuplicateKind, ids: number[]) =>
  useQueries({
    queries: ids.map((id) => ({ ...recordQuery(kind, id), staleTime: 0 })),
    combine: (results) => ({
      records: results.every((result) => result.isSuccess) ? results.map((result) => result.data!) : undefined,
      error: results.find((result) => result.isError)?.error ?? null,
      isPending: results.some((result) => result.isPending),
    }),
  });
