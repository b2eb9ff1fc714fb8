import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { invalidateAfterNote } from '../../../lib/api/notes';

/** Its text, kind, outcome, duration or time (an edit, kept in its history) or `pinned` (no edit). */
export type UpdateNoteInput = ApiBody<'/api/crm/notes/{id}', 'patch'>;

export const updateNote = ({ id, body }: { id: number; body: UpdateNoteInput }) =>
  data(api.PATCH('/api/crm/notes/{id}', { params: { path: { id } }, body }));

export const useUpdateNote = () => useMutation({ mutationFn: updateNote, onSuccess: invalidateAfterNote });
