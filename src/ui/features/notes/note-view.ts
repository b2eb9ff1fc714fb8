import type { Note } from '../../lib/api/notes';
import type { User } from '../../lib/session';

/** What a note shows, from the notes list or a timeline entry (whose author comes with the entry). */
export type NoteView = Pick<
  Note,
  'id' | 'kind' | 'body' | 'outcome' | 'durationMin' | 'occurredAt' | 'pinned' | 'editedAt' | 'createdBy'
>;

/** The server's rule (notes: ownersAndAdmin): its author or an admin edits, deletes and pins it. */
export const canChangeNote = (me: User, note: Pick<NoteView, 'createdBy'>) =>
  me.role === 'admin' || (note.createdBy !== null && note.createdBy === me.id);
