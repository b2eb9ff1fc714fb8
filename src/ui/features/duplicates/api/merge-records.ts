import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import type { DuplicateKind, MergeChoices } from '../merge-choices';
import { DUPLICATES_QUERY_KEY } from './get-duplicates';
import { recordQueryKey } from './get-merge-records';

export interface MergeRequest {
  keepId: number;
  mergeIds: number[];
  fields: MergeChoices;
}

export const mergeRecords = async (kind: DuplicateKind, body: MergeRequest): Promise<{ id: number; name: string }> =>
  kind === 'contacts'
    ? data(api.POST('/api/crm/contacts/merge', { body }))
    : data(api.POST('/api/crm/companies/merge', { body }));

/**
 * Merges a group into its kept record. Deals, activities, notes and history move to it and the others are deleted,
 * so every list and page that showed any of them is read again: both kinds' duplicates (a merged company changes its
 * people), contacts or companies, deals, activities, notes, histories and the home.
 */
export const useMergeRecords = (kind: DuplicateKind) =>
  useMutation({
    mutationFn: (body: MergeRequest) => mergeRecords(kind, body),
    onSuccess: (_kept, body) => {
      // The merged records are gone: dropped rather than read again (a 404 in the dialog still closing).
      for (const id of body.mergeIds) queryClient.removeQueries({ queryKey: recordQueryKey(kind, id), exact: true });
      return Promise.all(
        [
          DUPLICATES_QUERY_KEY,
          queryKeys.contacts.all,
          queryKeys.companies.all,
          queryKeys.deals.all,
          queryKeys.activities.all,
          queryKeys.notes.all,
          queryKeys.timeline.all,
          queryKeys.home.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
