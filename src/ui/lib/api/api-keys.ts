import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../api-client';
import { queryClient } from '../query-client';

export type ApiKey = ApiResponse<'/api/user/api-keys', 'get'>['items'][number];
export type NewApiKey = ApiBody<'/api/user/api-keys', 'post'>;
export type CreatedApiKey = ApiResponse<'/api/user/api-keys', 'post'>;

const KEYS = ['api-keys'] as const;

/** The signed-in person's keys or, for an admin's settings (`everyone`), all of them. */
export const apiKeysQueryOptions = (everyone: boolean) =>
  queryOptions({
    queryKey: [...KEYS, everyone ? 'all' : 'own'],
    queryFn: () => data(everyone ? api.GET('/api/admin/api-keys') : api.GET('/api/user/api-keys')),
  });

export const useApiKeys = (everyone: boolean) => useQuery(apiKeysQueryOptions(everyone));

const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS });

export const useCreateApiKey = () =>
  useMutation({
    mutationFn: (body: NewApiKey) => data(api.POST('/api/user/api-keys', { body })),
    onSuccess: refresh,
  });

export const useRevokeApiKey = (everyone: boolean) =>
  useMutation({
    mutationFn: (id: number) =>
      data(
        everyone
          ? api.DELETE('/api/admin/api-keys/{id}', { params: { path: { id } } })
          : api.DELETE('/api/user/api-keys/{id}', { params: { path: { id } } }),
      ),
    onSuccess: refresh,
  });
