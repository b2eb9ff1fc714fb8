import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../api-client';
import { queryClient } from '../query-client';
import { queryKeys } from './query-keys';

export type SavedView = ApiResponse<'/api/crm/views/{id}', 'get'>;
export type ViewEntity = SavedView['entity'];
export type NewView = ApiBody<'/api/crm/views', 'post'>;
export type ViewChanges = ApiBody<'/api/crm/views/{id}', 'patch'>;

/** A person has at most 50 views of a list and sees the team's shared ones: one page of 200 holds them all. */
const VIEWS_PAGE = 200;

export const getViewsQueryOptions = (entity: ViewEntity) =>
  queryOptions({
    queryKey: queryKeys.views.entity(entity),
    queryFn: () => data(api.GET('/api/crm/views', { params: { query: { entity, limit: VIEWS_PAGE } } })),
    staleTime: 30_000,
  });

export const useSavedViews = (entity: ViewEntity) => useQuery(getViewsQueryOptions(entity));

const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.views.all });
const path = (id: number) => ({ params: { path: { id } } });

export const useCreateView = () =>
  useMutation({ mutationFn: (body: NewView) => data(api.POST('/api/crm/views', { body })), onSuccess: refresh });

export const useUpdateView = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: ViewChanges }) =>
      data(api.PATCH('/api/crm/views/{id}', { ...path(id), body })),
    onSuccess: refresh,
  });

export const useDeleteView = () =>
  useMutation({ mutationFn: (id: number) => data(api.DELETE('/api/crm/views/{id}', path(id))), onSuccess: refresh });

/** Opens the list with this view (for the signed-in person), or with none again. */
export const useDefaultView = () =>
  useMutation({
    mutationFn: ({ id, isDefault }: { id: number; isDefault: boolean }) =>
      data(
        isDefault
          ? api.PUT('/api/crm/views/{id}/default', path(id))
          : api.DELETE('/api/crm/views/{id}/default', path(id)),
      ),
    onSuccess: refresh,
  });
