import { useMutation, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import type { DuplicateKind } from '../merge-choices';
import { duplicatesQueryKey, groupKey, withoutGroup, type DuplicateGroup, type DuplicatesPage } from './get-duplicates';

export const dismissDuplicates = async (kind: DuplicateKind, ids: number[]): Promise<void> => {
  if (kind === 'contacts') await api.POST('/api/crm/duplicates/contacts/dismiss', { body: { ids } });
  else await api.POST('/api/crm/duplicates/companies/dismiss', { body: { ids } });
};

type List = InfiniteData<DuplicatesPage, string | undefined>;

/** "Not a duplicate": the group leaves the list at once, and comes back if the server refuses. */
export const useDismissDuplicates = (kind: DuplicateKind) =>
  useMutation({
    mutationFn: (group: DuplicateGroup) =>
      dismissDuplicates(
        kind,
        group.members.map((member) => member.id),
      ),
    onMutate: async (group): Promise<{ before: List | undefined }> => {
      const key = duplicatesQueryKey(kind);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<List>(key);
      queryClient.setQueryData<List>(key, (list) => withoutGroup(list, groupKey(group)));
      return { before };
    },
    onError: (_error, _group, context) => {
      if (context?.before) queryClient.setQueryData<List>(duplicatesQueryKey(kind), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicatesQueryKey(kind) }),
  });
