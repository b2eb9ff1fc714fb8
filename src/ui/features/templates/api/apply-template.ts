import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { TEMPLATES_QUERY_KEY } from './get-templates';
import { queryKeys } from '../../../lib/api/query-keys';

export type ApplyTemplateInput = ApiBody<'/api/crm/templates/{id}/use', 'post'>;

/** The message as plain text; the server counted the use and wrote it to the contact's timeline. */
export const applyTemplate = ({ id, body }: { id: number; body: ApplyTemplateInput }) =>
  data(api.POST('/api/crm/templates/{id}/use', { params: { path: { id } }, body }));

export const useApplyTemplate = () =>
  useMutation({
    mutationFn: applyTemplate,
    onSuccess: (_answer, { body }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.contact(body.contactId) }),
      ]),
  });
