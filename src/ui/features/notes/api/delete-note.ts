import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterNote } from '../../../lib/api/notes';

export const deleteNote = async (id: number) => {
  await api.DELETE('/api/crm/notes/{id}', { params: { path: { id } } });
};

export const useDeleteNote = () => useMutation({ mutationFn: deleteNote, onSuccess: invalidateAfterNote });
