import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { NewNote, Note, NoteColumns, NoteFilter, NoteRevision } from './note';

export interface NoteRepository extends RecordStore<Note, NewNote, NoteColumns> {
  /** Newest first. */
  list(filter: NoteFilter, page: PageRequest): Promise<Page<Note>>;
  addRevision(revision: NoteRevision): Promise<void>;
}
