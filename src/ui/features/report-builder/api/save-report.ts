import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type SavedReportInput = ApiBody<'/api/crm/saved-reports', 'post'>;

const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.saved });

export const createSavedReport = (body: SavedReportInput) => data(api.POST('/api/crm/saved-reports', { body }));
export const updateSavedReport = ({ id, body }: { id: number; body: Partial<SavedReportInput> }) =>
  data(api.PATCH('/api/crm/saved-reports/{id}', { params: { path: { id } }, body }));
export const deleteSavedReport = (id: number) =>
  data(api.DELETE('/api/crm/saved-reports/{id}', { params: { path: { id } } }));

export const useCreateSavedReport = () => useMutation({ mutationFn: createSavedReport, onSuccess: refresh });
export const useUpdateSavedReport = () => useMutation({ mutationFn: updateSavedReport, onSuccess: refresh });
export const useDeleteSavedReport = () => useMutation({ mutationFn: deleteSavedReport, onSuccess: refresh });
