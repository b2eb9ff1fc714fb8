import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { DEALS_QUERY_KEY } from './get-deals';
import { queryKeys } from '../../../lib/api/query-keys';

export type CreateDealInput = ApiBody<'/api/crm/deals', 'post'>;

export const createDeal = (body: CreateDealInput) => data(api.POST('/api/crm/deals', { body }));

// Every deal list and summary may hold the new deal; a contact's timeline records it too.
export const useCreateDeal = () =>
  useMutation({
    mutationFn: createDeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DEALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
