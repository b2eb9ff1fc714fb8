import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import { ADMIN_USERS_QUERY_KEY } from './get-users';
import { SECURITY_EVENTS_QUERY_KEY } from './get-security-events';

/** After any change to an account: the users tab, the people pickers elsewhere and the security log. */
export const invalidateUsers = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
    queryClient.invalidateQueries({ queryKey: SECURITY_EVENTS_QUERY_KEY }),
  ]);
