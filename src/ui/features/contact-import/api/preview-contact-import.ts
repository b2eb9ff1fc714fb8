import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client';
import { fileKey, postForm } from '../../../lib/api/upload-form';

export type ImportPreview = ApiResponse<'/api/crm/contacts/import/preview', 'post'>;
export type ImportMapping = ImportPreview['mapping'];
export type ImportField = Exclude<keyof ImportPreview['sample'][number]['values'], 'customFields'>;
export type ImportMode = ImportPreview['mode'];

/** Every field a column can fill, in the order the mapping offers them (the compiler checks none is missing). */
export const IMPORT_FIELDS = Object.keys({
  name: 0,
  email: 0,
  phone: 0,
  company: 0,
  cnpj: 0,
  position: 0,
  source: 0,
  status: 0,
  score: 0,
  tags: 0,
  notes: 0,
} satisfies Record<ImportField, 0>) as ImportField[];

/**
 * What a column can be mapped to: the fields, the first and last names (which make the name when no column gives it
 * whole), and the owner (the person each row's contact goes to); besides them,
 * each custom field of contacts as `customFields.<key>` (useCustomFieldColumns).
 */
export type MappingTarget = ImportMapping[string];
export const MAPPING_TARGETS: MappingTarget[] = [...IMPORT_FIELDS, 'firstName', 'lastName', 'owner'];

/** Who gets the contacts the import creates, besides an owner column: one person, or several in turn; neither: the importer. */
export interface ImportOwners {
  ownerId?: number;
  ownerIds?: number[];
}

/** The owners as the multipart form carries them (`ownerIds` as a JSON array). */
export const ownerFields = ({ ownerId, ownerIds }: ImportOwners): Record<string, string> => ({
  ...(ownerId !== undefined && { ownerId: String(ownerId) }),
  ...(ownerIds !== undefined && { ownerIds: JSON.stringify(ownerIds) }),
});

export const CONTACT_IMPORTS_QUERY_KEY = ['contact-imports'] as const;

/** The dry run: without a mapping the server guesses one from the headers. Nothing is written. */
export const previewContactImport = ({
  file,
  mapping,
  mode,
  owners = {},
}: {
  file: File;
  mapping?: ImportMapping;
  mode: ImportMode;
  owners?: ImportOwners;
}) =>
  postForm<ImportPreview>('/api/crm/contacts/import/preview', file, {
    ...(mapping && { mapping: JSON.stringify(mapping) }),
    mode,
    ...ownerFields(owners),
  });

export const getImportPreviewQueryOptions = (
  file: File,
  mapping: ImportMapping | undefined,
  mode: ImportMode,
  owners: ImportOwners = {},
) =>
  queryOptions({
    queryKey: [...CONTACT_IMPORTS_QUERY_KEY, 'preview', fileKey(file), mapping ?? null, mode, owners],
    queryFn: () => previewContactImport({ file, mapping, mode, owners }),
  });

export const useImportPreview = (
  file: File | null,
  mapping: ImportMapping | undefined,
  mode: ImportMode,
  owners?: ImportOwners,
) =>
  useQuery({
    ...getImportPreviewQueryOptions(file ?? new File([], ''), mapping, mode, owners),
    enabled: file !== null,
  });
