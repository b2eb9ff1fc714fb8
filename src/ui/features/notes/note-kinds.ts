import type { NoteKind } from '../../lib/api/notes';

// The icons live in the shared layer: the search palette shows them too.
export { NOTE_KIND_ICONS as KIND_ICONS } from '../../components/records/note-kind-icons';

/** Calls have an outcome; calls and meetings a duration. */
export const hasOutcome = (kind: NoteKind) => kind === 'call';
export const hasDuration = (kind: NoteKind) => kind === 'call' || kind === 'meeting';
