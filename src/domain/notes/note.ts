import type { ActivityFields } from '../activities/activity';

/** What was logged: a note, or a call, meeting, e-mail or WhatsApp conversation. */
export const NOTE_KINDS = ['note', 'call', 'meeting', 'email', 'whatsapp'] as const;
/** How a call went; calls only. */
export const CALL_OUTCOMES = ['answered', 'no_answer', 'voicemail', 'busy', 'wrong_number'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** A body's length in characters (as JavaScript counts them), checked at the edge and in the database. */
export const NOTE_BODY_MAX = 20_000;
/** A day, in minutes. */
export const NOTE_DURATION_MAX = 1440;

export interface Note {
  id: number;
  kind: NoteKind;
  /** As typed (a Markdown subset the screens render as text): never HTML to the server. */
  body: string;
  /** Calls only. */
  outcome: CallOutcome | null;
  durationMin: number | null;
  occurredAt: Date;
  contactId: number | null;
  dealId: number | null;
  /** A note on the company itself (not on one of its people or deals). */
  companyId: number | null;
  /** The activity the note reports on (completed with it); null once that activity is deleted. */
  activityId: number | null;
  pinned: boolean;
  /** When its content last changed after it was written; null: never edited. Pinning is no edit. */
  editedAt: Date | null;
  /** The author; null once that user was deleted. */
  createdBy: number | null;
  authorName: string | null;
  createdAt: Date;
}

/** What a client writes on a note. */
export type NoteFields = Pick<Note, 'kind' | 'body' | 'outcome' | 'durationMin' | 'occurredAt'>;
export type NoteChanges = Partial<NoteFields> & { pinned?: boolean };

/** The follow-up activity created with a note ("plan next step"). */
export type NextActivity = Pick<ActivityFields, 'type' | 'subject' | 'dueDate'> &
  Partial<Pick<ActivityFields, 'priority' | 'assignedTo' | 'description' | 'duration'>>;

export type NoteInput = Pick<NoteFields, 'kind' | 'body'> &
  Partial<Pick<NoteFields, 'outcome' | 'durationMin' | 'occurredAt'>> & {
    contactId?: number | null;
    dealId?: number | null;
    companyId?: number | null;
    activityId?: number;
    next?: NextActivity;
  };

/** The note as created: and the follow-up activity created with it, if any. */
export type CreatedNote = Note & { nextActivityId: number | null };

/** The columns a repository writes. */
export type NoteColumns = Partial<NoteFields> & {
  contactId?: number | null;
  dealId?: number | null;
  companyId?: number | null;
  activityId?: number | null;
  pinnedAt?: Date | null;
  editedAt?: Date | null;
};
export type NewNote = NoteColumns & Pick<NoteFields, 'kind' | 'body'> & { createdBy: number };

/** A note's previous content, kept when it is edited. */
export interface NoteRevision {
  noteId: number;
  body: string;
  outcome: CallOutcome | null;
  editedBy: number;
  editedAt: Date;
}

export interface NoteFilter {
  contactId?: number;
  dealId?: number;
  /** The company's notes and those of its people and its deals. */
  companyId?: number;
  /** Only the pinned ones. */
  pinned?: boolean;
}

/** What a timeline entry about a note shows of it (null once the note is deleted). */
export type TimelineNote = Pick<
  Note,
  'id' | 'kind' | 'body' | 'outcome' | 'durationMin' | 'occurredAt' | 'pinned' | 'editedAt' | 'createdBy'
>;

/** The text a note shows where a name is expected (the timeline entry's entityName): its first line, cut. */
export function noteTitle(body: string): string {
  const line = body.trim().split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
