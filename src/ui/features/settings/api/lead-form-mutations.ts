import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { leadFormSubmissionsKey } from './get-lead-form-submissions';
import { refreshLeadForms } from './get-lead-forms';

export type NewLeadForm = ApiBody<'/api/admin/forms', 'post'>;
export type LeadFormChanges = ApiBody<'/api/admin/forms/{id}', 'patch'>;

/** A new form, published at once at /f/<slug> (unless sent with `active: false`). */
export const useCreateLeadForm = () =>
  useMutation({
    mutationFn: (body: NewLeadForm) => data(api.POST('/api/admin/forms', { body })),
    onSuccess: refreshLeadForms,
  });

/** Any of its settings, or `active` (pause: its page, script and posts answer 404; resume). */
export const useUpdateLeadForm = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: LeadFormChanges }) =>
      data(api.PATCH('/api/admin/forms/{id}', { params: { path: { id } }, body })),
    onSuccess: refreshLeadForms,
  });

/** Deletes the form and its submissions log; the contacts it made stay. */
export const useDeleteLeadForm = () =>
  useMutation({
    mutationFn: (id: number) => data(api.DELETE('/api/admin/forms/{id}', { params: { path: { id } } })),
    onSuccess: () =>
      Promise.all([refreshLeadForms(), queryClient.invalidateQueries({ queryKey: leadFormSubmissionsKey() })]),
  });
