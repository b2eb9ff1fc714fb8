import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { fileKey, postForm } from '../../../lib/api/upload-form';

export type CompanyImportPreview = ApiResponse<'/api/crm/companies/import/preview', 'post'>;
export type CompanyMapping = CompanyImportPreview['mapping'];
export type CompanyMappingTarget = CompanyMapping[string];
export type CompanyImportMode = CompanyImportPreview['mode'];
export type CompanyImportRow = CompanyImportPreview['rows'][number];

/** What a column can fill, in the order the mapping offers them (the compiler checks none is missing). */
export const COMPANY_MAPPING_TARGETS = Object.keys({
  name: 0,
  cnpj: 0,
  tradeName: 0,
  emailDomain: 0,
  website: 0,
  segment: 0,
  size: 0,
  phone: 0,
  cep: 0,
  street: 0,
  number: 0,
  city: 0,
  uf: 0,
  tags: 0,
  notes: 0,
  owner: 0,
} satisfies Record<CompanyMappingTarget, 0>) as CompanyMappingTarget[];

/** The multipart fields of a companies import: the mapping as JSON (absent: the server guesses it) and the mode. */
export const companyImportFields = (mapping: CompanyMapping | undefined, mode: CompanyImportMode) => ({
  ...(mapping && { mapping: JSON.stringify(mapping) }),
  mode,
});

export const previewCompanyImport = (file: File, mapping: CompanyMapping | undefined, mode: CompanyImportMode) =>
  postForm<CompanyImportPreview>('/api/crm/companies/import/preview', file, companyImportFields(mapping, mode));

export const getCompanyImportPreviewQueryOptions = (
  file: File,
  mapping: CompanyMapping | undefined,
  mode: CompanyImportMode,
) =>
  queryOptions({
    queryKey: [...queryKeys.companies.all, 'import-preview', fileKey(file), mapping ?? null, mode],
    queryFn: () => previewCompanyImport(file, mapping, mode),
    // A dry run reads the database as it is now: never answered from an older run.
    staleTime: 0,
    gcTime: 0,
  });

/** The dry run of the chosen file; nothing is written. */
export const useCompanyImportPreview = (
  file: File | null,
  mapping: CompanyMapping | undefined,
  mode: CompanyImportMode,
) =>
  useQuery({
    ...getCompanyImportPreviewQueryOptions(file ?? new File([], ''), mapping, mode),
    enabled: file !== null,
  });
