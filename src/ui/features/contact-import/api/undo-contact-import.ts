import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { CONTACT_IMPORTS_QUERY_KEY } from './preview-contact-import';

/** Deletes what the import created and restores what it changed; 409 when those contacts changed since. */
export const undoContactImport = (id: number) =>
  data(api.POST('/api/crm/contacts/import/{id}/undo', { params: { path: { id } } }));

export const useUndoContactImport = () =>
  useMutation({
    mutationFn: undoContactImport,
    onSuccess: (undone) => {
      queryClient.setQueryData([...CONTACT_IMPORTS_QUERY_KEY, 'detail', undone.id], undone);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
        queryClient.invalidateQueries({ queryKey: [...CONTACT_IMPORTS_QUERY_KEY, 'recent'] }),
      ]);
    },
  });
