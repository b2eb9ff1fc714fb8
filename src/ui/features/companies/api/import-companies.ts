import { useMutation } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { postForm } from '../../../lib/api/upload-form';
import { queryClient } from '../../../lib/query-client';
import { companyImportFields, type CompanyImportMode, type CompanyMapping } from './preview-company-import';

export type CompanyImportResult = ApiResponse<'/api/crm/companies/import', 'post'>;

/** The import, done in the request: its counts and refused rows. */
export const importCompanies = ({
  file,
  mapping,
  mode,
}: {
  file: File;
  mapping: CompanyMapping;
  mode: CompanyImportMode;
}) => postForm<CompanyImportResult>('/api/crm/companies/import', file, companyImportFields(mapping, mode));

export const useImportCompanies = () =>
  useMutation({
    mutationFn: importCompanies,
    // Lists, pages and timelines of companies may all have changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
      ]),
  });
