import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';

export type CreateTemplateInput = ApiBody<'/api/crm/templates', 'post'>;
/** The changes, with updatedAt as read: a save over someone else's answers 409 with the template as it is now. */
export type UpdateTemplateInput = ApiBody<'/api/crm/templates/{id}', 'patch'>;

const invalidate = () => queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });

export const createTemplate = (body: CreateTemplateInput) => data(api.POST('/api/crm/templates', { body }));
export const updateTemplate = ({ id, body }: { id: number; body: UpdateTemplateInput }) =>
  data(api.PATCH('/api/crm/templates/{id}', { params: { path: { id } }, body }));
export const deleteTemplate = (id: number) => data(api.DELETE('/api/crm/templates/{id}', { params: { path: { id } } }));

export const useCreateTemplate = () => useMutation({ mutationFn: createTemplate, onSuccess: invalidate });
export const useUpdateTemplate = () => useMutation({ mutationFn: updateTemplate, onSuccess: invalidate });
export const useDeleteTemplate = () => useMutation({ mutationFn: deleteTemplate, onSuccess: invalidate });
