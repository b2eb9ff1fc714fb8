import { useMutation } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../api-client';
import { queryClient } from '../query-client';
import { queryKeys } from './query-keys';

// Notes and logged calls, written from the contact page, the deal dialog, the activities screen and the home
// (completing an activity with its outcome): the one create call and what a note's write refreshes.

export type Note = ApiResponse<'/api/crm/notes/{id}', 'get'>;
export type NoteKind = Note['kind'];
export type CallOutcome = NonNullable<Note['outcome']>;
export type CreateNoteInput = ApiBody<'/api/crm/notes', 'post'>;

/** Every kind and call outcome, in the order the forms offer them (the compiler checks none is missing). */
export const NOTE_KINDS = Object.keys({ note: 0, call: 0, meeting: 0, email: 0, whatsapp: 0 } satisfies Record<
  NoteKind,
  0
>) as NoteKind[];
export const CALL_OUTCOMES = Object.keys({
  answered: 0,
  no_answer: 0,
  voicemail: 0,
  busy: 0,
  wrong_number: 0,
} satisfies Record<CallOutcome, 0>) as CallOutcome[];

/** A form's outcome choice: one of them, or `none` (not given). */
export const OUTCOME_CHOICES = ['none', ...CALL_OUTCOMES] as ['none', ...CallOutcome[]];

/** The server's limits (a longer body is a 400 naming `body`). */
export const NOTE_BODY_MAX = 20_000;
export const NOTE_DURATION_MAX = 1440;

/**
 * What a note's write changes: the timelines (contact and deal), the pinned notes, the activities (one completed
 * through the note, a next step created with it) and the home's sections (agenda, recent contacts).
 */
export const invalidateAfterNote = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.notes.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activities.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
  ]);

export const createNote = (body: CreateNoteInput) => data(api.POST('/api/crm/notes', { body }));

/** Logs a note (with `activityId`, completes that activity; with `next`, plans the follow-up) in one request. */
export const useCreateNote = () => useMutation({ mutationFn: createNote, onSuccess: invalidateAfterNote });
