import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';

export type NoteScope = { contact: number; deal?: undefined } | { deal: number; contact?: undefined };

/** A contact's or deal's pinned notes, newest first: a handful, shown above everything else. */
export const getPinnedNotesQueryOptions = (scope: NoteScope) =>
  queryOptions({
    queryKey: queryKeys.notes.pinned(scope),
    queryFn: () => data(api.GET('/api/crm/notes', { params: { query: { ...scope, pinned: true, limit: 20 } } })),
  });

export const usePinnedNotes = (scope: NoteScope) => useQuery(getPinnedNotesQueryOptions(scope));
