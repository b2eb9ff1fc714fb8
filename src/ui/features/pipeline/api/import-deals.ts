import { useMutation } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { postForm } from '../../../lib/api/upload-form';
import { queryClient } from '../../../lib/query-client';
import { dealImportFields, type DealImportChoice } from './preview-deal-import';

export type DealImportResult = ApiResponse<'/api/crm/deals/import', 'post'>;

/** The import, done in the request: its counts and refused rows. */
export const importDeals = ({ file, ...choice }: DealImportChoice & { file: File }) =>
  postForm<DealImportResult>('/api/crm/deals/import', file, dealImportFields(choice));

export const useImportDeals = () =>
  useMutation({
    mutationFn: importDeals,
    // The board's columns and totals, and the people and companies it may have made.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.deals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
      ]),
  });
