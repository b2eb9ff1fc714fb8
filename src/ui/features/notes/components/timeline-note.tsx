import { useTranslation } from 'react-i18next';
import type { User } from '../../../lib/session';
import { KIND_ICONS } from '../note-kinds';
import type { NoteView } from '../note-view';
import { NoteCard } from './note-card';

/**
 * A note in a record's history: its kind's icon on the timeline's line and the note beside it (`bare`: the card
 * alone, for the deal dialog's compact list). A deleted note's entry says so.
 */
export function TimelineNote({
  note,
  authorName,
  me,
  bare = false,
}: {
  note: NoteView | null;
  authorName: string | null;
  me: User;
  bare?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[note?.kind ?? 'note'];
  const bubble = !bare && (
    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
      <Icon className="h-4 w-4" aria-hidden="true" />
    </span>
  );
  if (!note)
    return (
      <>
        {bubble}
        <p
          className={bare ? 'text-sm text-muted-foreground' : 'pt-1.5 text-sm text-muted-foreground'}
          data-testid="note-deleted"
        >
          {t('notes.deletedEntry', { who: authorName ?? t('notes.someone') })}
        </p>
      </>
    );
  if (bare) return <NoteCard note={note} authorName={authorName} me={me} />;
  return (
    <>
      {bubble}
      <NoteCard note={note} authorName={authorName} me={me} showIcon={false} className="min-w-0 flex-1" />
    </>
  );
}
