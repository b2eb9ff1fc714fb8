import { Pin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../lib/session';
import { usePinnedNotes, type NoteScope } from '../api/get-pinned-notes';
import { NoteCard } from './note-card';

/** A contact's or deal's pinned notes, above everything else; nothing at all while there are none. */
export function PinnedNotes({
  scope,
  me,
  className,
  heading: Heading = 'h2',
}: {
  scope: NoteScope;
  me: User;
  className?: string;
  /** The heading's level where the list sits (h3 in the deal dialog). */
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const pinned = usePinnedNotes(scope);
  const items = pinned.data?.items ?? [];
  if (items.length === 0) return null;
  const headingId = `pinned-notes-${scope.contact ?? 'd' + scope.deal}`;
  return (
    <section aria-labelledby={headingId} data-testid="pinned-notes" className={className}>
      <Heading id={headingId} className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-muted-foreground">
        <Pin className="h-4 w-4" aria-hidden="true" />
        {t('notes.pinnedTitle')}
      </Heading>
      <ul className="grid gap-2">
        {items.map((note) => (
          <li key={note.id}>
            <NoteCard note={note} authorName={note.authorName} me={me} />
          </li>
        ))}
      </ul>
    </section>
  );
}
