import { SquareArrowOutUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { initialsOf } from '../../lib/format';
import { Badge } from '../ui/badge';

// The pieces of a record's card in a list (a contact's, a company's).

/** A card's frame: its name's stretched button opens the record, links and controls sit above it. */
export const RECORD_CARD_CLASS =
  'relative flex h-full min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-foreground shadow-sm transition-colors focus-within:border-primary hover:border-primary/60';

/** The name, a button stretched over the whole card (so a click anywhere opens it), cut with an ellipsis. */
export function RecordCardName({ name, onOpen, testId }: { name: string; onOpen: () => void; testId: string }) {
  return (
    // The button itself truncates: cut inside an h2 that does, an inline-block is clipped with no ellipsis.
    <h2 className="text-base font-semibold">
      <button
        type="button"
        onClick={onOpen}
        title={name}
        data-testid={testId}
        className="block w-full truncate text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
      >
        {name}
      </button>
    </h2>
  );
}

/** The record's own page, an icon link above the stretched name (a click elsewhere on the card still opens the dialog). */
export function RecordPageLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative z-10 flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-ring"
    >
      <SquareArrowOutUpRight className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

/** A card shows at most this many tags (SPEC), the rest as +N. */
export const MAX_CARD_TAGS = 2;

/** The first tags, then +N for the others (read out as "and N more tags"). */
export function CardTags({ tags, label }: { tags: string[]; label: string }) {
  const { t } = useTranslation();
  const extra = tags.length - MAX_CARD_TAGS;
  return (
    <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label={label}>
      {tags.slice(0, MAX_CARD_TAGS).map((tag) => (
        <li key={tag}>
          <Badge className="max-w-32 truncate">{tag}</Badge>
        </li>
      ))}
      {extra > 0 && (
        <li>
          <Badge>
            <span aria-hidden="true">+{extra}</span>
            <span className="sr-only">{t('contacts.card.moreTags', { count: extra })}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

/** The owner's initials in a circle, named for screen readers. */
export function OwnerInitials({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary"
      title={name}
      aria-label={t('contacts.card.owner', { name })}
      role="img"
    >
      {initialsOf(name)}
    </span>
  );
}
