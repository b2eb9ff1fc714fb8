import { Pencil, Pin, PinOff, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import type { User } from '../../../lib/session';
import { useDeleteNote } from '../api/delete-note';
import { useUpdateNote } from '../api/update-note';
import { hasDuration, KIND_ICONS } from '../note-kinds';
import { canChangeNote, type NoteView } from '../note-view';
import { EditNoteDialog } from './edit-note-dialog';
import { NoteText } from './note-text';

const OUTCOME_TONES = {
  answered: 'success',
  no_answer: 'warning',
  voicemail: 'neutral',
  busy: 'warning',
  wrong_number: 'danger',
} as const;

/** A note's action: an icon button named for screen readers, its name as a tooltip. */
function Action({
  label,
  icon: Icon,
  disabled,
  onClick,
  testId,
}: {
  label: string;
  icon: LucideIcon;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      variant="ghost"
      size="iconSm"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}

interface NoteCardProps {
  note: NoteView;
  authorName: string | null;
  me: User;
  /** The kind's icon in the header (off where a timeline already shows it beside the card). */
  showIcon?: boolean;
  className?: string;
}

/** One note: kind, a call's outcome, duration, author, when, "edited"; its text; pin, edit and delete for its author and admins. */
export function NoteCard({ note, authorName, me, showIcon = true, className }: NoteCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const Icon = KIND_ICONS[note.kind];
  const kindLabel = t(`notes.kinds.${note.kind}`);
  const mine = canChangeNote(me, note);

  // mutateAsync, not mutate's callbacks: the card may leave the screen (the pinned list, a deleted note) before
  // the refetch that follows the write ends, and mutate's callbacks die with it.
  const pin = () =>
    update.mutateAsync({ id: note.id, body: { pinned: !note.pinned } }).then(
      () => toast({ title: note.pinned ? t('notes.unpinned') : t('notes.pinnedToast') }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: t('notes.saveFailed'), description: errorMessage(error, t) }),
    );

  return (
    <article
      data-testid="note-card"
      data-note-id={note.id}
      data-pinned={note.pinned || undefined}
      aria-label={t('notes.cardLabel', { kind: kindLabel, who: authorName ?? t('notes.someone') })}
      className={cn(
        'grid gap-2 rounded-lg border border-border bg-surface p-3',
        note.pinned && 'border-primary/60',
        className,
      )}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1.5 font-medium" data-testid="note-kind">
            {showIcon && <Icon className="h-4 w-4 text-primary" aria-hidden="true" />}
            {kindLabel}
          </span>
          {note.outcome && (
            <Badge tone={OUTCOME_TONES[note.outcome]} data-testid="note-outcome">
              {t(`notes.outcomes.${note.outcome}`)}
            </Badge>
          )}
          {hasDuration(note.kind) && note.durationMin !== null && (
            <span className="text-xs text-muted-foreground" data-testid="note-duration">
              {t('notes.minutes', { count: note.durationMin })}
            </span>
          )}
          {note.pinned && (
            <Badge tone="primary" data-testid="note-pinned">
              <Pin className="h-3 w-3" aria-hidden="true" />
              {t('notes.pinned')}
            </Badge>
          )}
        </div>
        {mine && (
          <div className="flex shrink-0 gap-0.5">
            <Action
              label={note.pinned ? t('notes.unpin') : t('notes.pin')}
              icon={note.pinned ? PinOff : Pin}
              disabled={update.isPending}
              onClick={() => void pin()}
              testId="note-pin"
            />
            <Action label={t('notes.edit')} icon={Pencil} onClick={() => setOpen('edit')} testId="note-edit" />
            <Action label={t('notes.delete')} icon={Trash2} onClick={() => setOpen('delete')} testId="note-delete" />
          </div>
        )}
      </header>
      <NoteText body={note.body} />
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span data-testid="note-author">{authorName ?? t('notes.someone')}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={note.occurredAt}>{formatDateTime(note.occurredAt)}</time>
        {note.editedAt && (
          <>
            <span aria-hidden="true">·</span>
            <span data-testid="note-edited" title={t('notes.editedAt', { date: formatDateTime(note.editedAt) })}>
              {t('notes.edited')}
            </span>
          </>
        )}
      </p>
      {open === 'edit' && <EditNoteDialog note={note} onClose={() => setOpen(null)} />}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('notes.deleteTitle')}
          description={t('notes.deleteDescription')}
          confirmLabel={t('notes.delete')}
          pending={remove.isPending}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            void remove.mutateAsync(note.id).then(
              () => {
                toast({ title: t('notes.deleted') });
                setOpen(null);
              },
              (error: unknown) =>
                toast({ variant: 'destructive', title: t('notes.deleteFailed'), description: errorMessage(error, t) }),
            )
          }
        />
      )}
    </article>
  );
}
