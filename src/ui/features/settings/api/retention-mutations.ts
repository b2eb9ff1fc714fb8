import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { queryClient } from '../../../lib/query-client';
import type { RetentionKind } from './get-retention';

export type RetentionRuleChanges = ApiBody<'/api/privacy/retention/rules/{kind}', 'patch'>;
export type RetentionAction = ApiBody<'/api/privacy/retention/candidates/decide', 'post'>['action'];

const refresh = (...queryKeysToRead: (readonly unknown[])[]) =>
  Promise.all(queryKeysToRead.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A rule's period or whether it is on (in the record of operations). */
export const useUpdateRetentionRule = () =>
  useMutation({
    mutationFn: ({ kind, body }: { kind: RetentionKind; body: RetentionRuleChanges }) =>
      data(api.PATCH('/api/privacy/retention/rules/{kind}', { params: { path: { kind } }, body })),
    onSuccess: () => refresh(queryKeys.privacy.retentionRules, queryKeys.privacy.audit),
  });

/** The daily scan, now: lists what the active rules find (nothing is anonymized). */
export const useScanRetention = () =>
  useMutation({
    mutationFn: () => data(api.POST('/api/privacy/retention/scan')),
    onSuccess: () => refresh(queryKeys.privacy.retentionWaiting),
  });

/**
 * An admin's decision on listed contacts: anonymized (for good) or kept until a whole period passes. The list is
 * read again either way (a refusal means one was decided elsewhere); an anonymization also refreshes what showed
 * the contacts.
 */
export const useDecideRetention = () =>
  useMutation({
    mutationFn: (body: { ids: number[]; action: RetentionAction }) =>
      data(api.POST('/api/privacy/retention/candidates/decide', { body })),
    onSettled: (_result, _error, { action }) =>
      action === 'keep'
        ? refresh(queryKeys.privacy.retentionWaiting, queryKeys.privacy.audit)
        : refresh(
            queryKeys.privacy.all,
            queryKeys.contacts.all,
            queryKeys.deals.all,
            queryKeys.activities.all,
            queryKeys.notes.all,
            queryKeys.timeline.all,
            queryKeys.home.all,
          ),
  });
