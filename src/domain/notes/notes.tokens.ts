export const NOTE_REPOSITORY = Symbol.for('notes.NoteRepository');
export const NOTES_SERVICE = Symbol.for('notes.NotesService');
