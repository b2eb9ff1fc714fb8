import { useMutation } from '@tanstack/react-query';
import { postForm } from '../../../lib/api/upload-form';
import { queryClient } from '../../../lib/query-client';
import type { ContactImport } from './get-contact-import';
import {
  CONTACT_IMPORTS_QUERY_KEY,
  ownerFields,
  type ImportMapping,
  type ImportMode,
  type ImportOwners,
} from './preview-contact-import';

/** Queues the import; the server answers at once and a job writes the rows. */
export const startContactImport = ({
  file,
  mapping,
  mode,
  owners = {},
  privacy = {},
}: {
  file: File;
  mapping: ImportMapping;
  mode: ImportMode;
  owners?: ImportOwners;
  /** The legal basis and consent fields (privacyFields of the wizard's choice). */
  privacy?: Record<string, string>;
}) =>
  postForm<ContactImport>('/api/crm/contacts/import', file, {
    mapping: JSON.stringify(mapping),
    mode,
    ...ownerFields(owners),
    ...privacy,
  });

export const useStartContactImport = () =>
  useMutation({
    mutationFn: startContactImport,
    onSuccess: (started) => {
      queryClient.setQueryData([...CONTACT_IMPORTS_QUERY_KEY, 'detail', started.id], started);
      return queryClient.invalidateQueries({ queryKey: [...CONTACT_IMPORTS_QUERY_KEY, 'recent'] });
    },
  });
