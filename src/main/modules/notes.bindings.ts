import { ContainerModule } from 'inversify';
import { NotesService } from '../../domain/notes/notes.service';
import { NOTE_REPOSITORY, NOTES_SERVICE } from '../../domain/notes/notes.tokens';
import { KnexNoteRepository } from '../../infrastructure/notes/knex-note.repository';

export const notesModule = new ContainerModule(({ bind }) => {
  bind(NOTE_REPOSITORY).to(KnexNoteRepository).inSingletonScope();
  bind(NOTES_SERVICE).to(NotesService).inSingletonScope();
});
