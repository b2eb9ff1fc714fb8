import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import type { CustomField, CustomFieldEntity } from '../../../lib/api/custom-fields';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import type { CustomFieldChangesBody, NewCustomFieldBody } from '../custom-field-form';

/**
 * Every list of fields: Settings' and the forms', lists' and record pages' that read them; and the saved views, whose
 * warnings name a retired field.
 */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.customFields.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.views.all }),
  ]);

/** A new field, after the entity's last one. */
export const useCreateCustomField = () =>
  useMutation({
    mutationFn: (body: NewCustomFieldBody) => data(api.POST('/api/crm/fields', { body })),
    onSuccess: refresh,
  });

/** Relabel, require or not, rename, add or retire options, retire or restore (retired: false). */
export const useUpdateCustomField = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomFieldChangesBody }) =>
      data(api.PATCH('/api/crm/fields/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  });

/** Retires the field: hidden from forms, lists and filters; every record keeps its value. */
export const useRetireCustomField = () =>
  useMutation({
    mutationFn: (id: number) => data(api.DELETE('/api/crm/fields/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });

export interface MoveCustomFieldInput {
  entity: CustomFieldEntity;
  id: number;
  /** 1-based among the entity's fields, retired ones included. */
  position: number;
  /** Every field's id (retired ones included) in the new order: shown at once, put back when the server refuses. */
  order: number[];
}

/** Moves one field; the server shifts the others. */
export const useMoveCustomField = () =>
  useMutation({
    mutationFn: ({ id, position }: MoveCustomFieldInput) =>
      data(api.PATCH('/api/crm/fields/{id}', { params: { path: { id } }, body: { position } })),
    onMutate: async ({ entity, order }) => {
      const key = queryKeys.customFields.entity(entity, true);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ items: CustomField[] }>(key);
      if (previous) {
        const byId = new Map(previous.items.map((field) => [field.id, field]));
        const items = order.map((id) => byId.get(id)).filter((field) => field !== undefined);
        if (items.length === previous.items.length) queryClient.setQueryData(key, { items });
      }
      return { key, previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
    },
    // Not awaited: the next move may start as soon as this one is saved.
    onSettled: () => void refresh(),
  });
