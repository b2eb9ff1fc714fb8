import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';

export type OwnerChoice = ApiResponse<'/api/admin/users', 'get'>['items'][number];

/**
 * The people an admin may make a contact's owner. The only route that lists users is admin-only
 * (GET /api/admin/users): other roles own what they create and see the owner read-only.
 */
export const getOwnerChoices = () => data(api.GET('/api/admin/users', { params: { query: { limit: 200 } } }));

export const getOwnerChoicesQueryOptions = () => queryOptions({ queryKey: ['contacts', 'owner-choices'], queryFn: getOwnerChoices });

export const useOwnerChoices = (enabled: boolean) => useQuery({ ...getOwnerChoicesQueryOptions(), enabled });
