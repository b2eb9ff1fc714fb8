import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import {
  CheckSquare,
  Clock,
  FileText,
  KanbanSquare,
  Search,
  StickyNote,
  User as UserIcon,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NOTE_KIND_ICONS } from '../../../components/records/note-kind-icons';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import type { User } from '../../../lib/session';
import { useSearch, type SearchResults } from '../api/search';
import { hrefOf, readRecent, rememberRecent, type PaletteRecord, type RecordKind } from '../records';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';

const DEBOUNCE_MS = 200;
const ICONS: Record<RecordKind, LucideIcon> = {
  contact: UserIcon,
  deal: KanbanSquare,
  activity: CheckSquare,
  template: FileText,
  note: StickyNote,
};
const GROUPS = [
  ['contacts', 'contact'],
  ['deals', 'deal'],
  ['activities', 'activity'],
  ['notes', 'note'],
  ['templates', 'template'],
] as const;

type Translate = ReturnType<typeof useTranslation>['t'];
// The seeded pipeline's stage names are translation keys; a stage someone named shows as written.
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || undefined;

/** A text the server also looks for among the phones (as domain/contacts/phone.ts decides): digits and + ( ) - . / only, six digits or more. */
const isPhone = (text: string) => /^[\d\s+().\-/]+$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 6;

/**
 * The answer to `q` as the palette lists it, one group per kind, in the server's order (best first). Contacts found
 * for a phone show their phone, as typed, where the e-mail would be.
 */
function recordsOf(
  results: SearchResults,
  q: string,
  t: Translate,
): Record<(typeof GROUPS)[number][0], PaletteRecord[]> {
  const phone = isPhone(q);
  return {
    contacts: results.contacts.map((c) => ({
      kind: 'contact',
      id: c.id,
      label: c.name,
      hint: joined(c.company, phone ? c.phone : c.email),
    })),
    deals: results.deals.map((d) => ({
      kind: 'deal',
      id: d.id,
      label: d.title,
      hint: joined(t(`dealForm.stages.${d.stage}`, { defaultValue: d.stage }), formatCurrency(d.value), d.contactName),
    })),
    activities: results.activities.map((a) => ({
      kind: 'activity',
      id: a.id,
      label: a.subject,
      hint: joined(t(`activityForm.types.${a.type}`), formatDateTime(a.dueDate), a.contactName),
    })),
    // A note is found by its text: the excerpt around the match, then what it is, when, and about whom.
    notes: results.notes.flatMap((n) => {
      const opens =
        n.contactId !== null
          ? ({ kind: 'contact', id: n.contactId } as const)
          : n.dealId !== null
            ? ({ kind: 'deal', id: n.dealId } as const)
            : n.companyId !== null
              ? ({ kind: 'company', id: n.companyId } as const)
              : null;
      if (!opens) return [];
      return [
        {
          kind: 'note' as const,
          id: n.id,
          label: n.excerpt,
          hint: joined(
            t(`notes.kinds.${n.kind}`),
            formatDateTime(n.occurredAt),
            n.contactName,
            n.dealTitle,
            n.companyName,
          ),
          opens,
          noteKind: n.kind,
        },
      ];
    }),
    templates: results.templates.map((tp) => ({ kind: 'template', id: tp.id, label: tp.name, hint: tp.subject })),
  };
}

/** Ctrl+K (Cmd+K on a Mac) anywhere, or the top bar's button: find any record and open it. */
export function SearchPalette({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const shortcut = mac ? '⌘K' : 'Ctrl K';

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <button
          type="button"
          className="flex h-9 w-9 shrink-0 items-center justify-center gap-2 rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-ring sm:w-56 sm:justify-start sm:border sm:border-border sm:bg-background sm:px-2.5 sm:text-sm"
          aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        >
          <Search className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">{t('searchPalette.open')}</span>
          <kbd className="hidden rounded border border-border px-1.5 font-mono text-xs sm:inline" aria-hidden="true">
            {shortcut}
          </kbd>
        </button>
      </DialogPrimitive.Trigger>
      {open && <PaletteDialog user={user} onDone={() => setOpen(false)} />}
    </DialogPrimitive.Root>
  );
}

function PaletteDialog({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useSearch(q);
  const recent = useMemo(() => readRecent(user.id), [user.id]);
  const typing = text.trim().length > 0;
  const groups = useMemo(
    () => (search.data && typing ? recordsOf(search.data, q, t) : null),
    [search.data, q, typing, t],
  );
  const found = groups ? GROUPS.some(([group]) => groups[group].length > 0) : false;
  const loading = typing && (search.isFetching || q !== text.trim());
  // Enter pressed before the answer to what was typed came: held, then the best match of that answer opens
  // (never a result of an earlier text still on screen).
  const [enterHeld, setEnterHeld] = useState(false);

  const openRecord = useCallback(
    (record: PaletteRecord) => {
      rememberRecent(user.id, record);
      onDone();
      navigate(hrefOf(record));
    },
    [user.id, onDone, navigate],
  );

  useEffect(() => {
    if (!enterHeld || loading) return;
    setEnterHeld(false);
    const best = groups && GROUPS.map(([group]) => groups[group][0]).find(Boolean);
    if (best) openRecord(best);
  }, [enterHeld, loading, groups, openRecord]);

  const item = (record: PaletteRecord) => {
    const Icon = record.noteKind ? NOTE_KIND_ICONS[record.noteKind] : ICONS[record.kind];
    return (
      <Command.Item
        key={`${record.kind}-${record.id}`}
        value={`${record.kind}-${record.id}`}
        onSelect={() => openRecord(record)}
        className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-muted data-[selected=true]:text-foreground"
      >
        <Icon className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          {/* A note's excerpt in a few lines: one would cut off the match (it sits ~60 characters in). */}
          <span
            className={cn(
              'font-medium text-foreground',
              record.kind === 'note' ? 'line-clamp-3 break-words sm:line-clamp-2' : 'block truncate',
            )}
          >
            {record.label}
          </span>
          {record.hint && <span className="block truncate text-xs text-muted-foreground">{record.hint}</span>}
        </span>
      </Command.Item>
    );
  };

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className="fixed top-[10vh] left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg border border-border bg-surface text-foreground shadow-xl outline-none"
        aria-describedby={undefined}
      >
        <DialogPrimitive.Title className="sr-only">{t('searchPalette.title')}</DialogPrimitive.Title>
        <Command
          shouldFilter={false}
          loop
          label={t('searchPalette.title')}
          className="flex max-h-[min(32rem,75dvh)] flex-col"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && loading) {
              event.preventDefault();
              setEnterHeld(true);
            }
          }}
        >
          <div className="flex items-center gap-2 border-b border-border px-3">
            <Search className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder={t('searchPalette.placeholder')}
              aria-label={t('searchPalette.placeholder')}
              className="h-12 min-w-0 flex-1 bg-transparent text-base text-foreground outline-none placeholder:text-muted-foreground"
            />
            {loading && <Spinner className="text-muted-foreground" />}
            <span role="status" className="sr-only">
              {loading
                ? t('searchPalette.loading')
                : groups
                  ? t(found ? 'searchPalette.found' : 'searchPalette.none', { q: text.trim() })
                  : ''}
            </span>
          </div>
          <Command.List className="min-h-0 flex-1 overflow-y-auto p-2" aria-label={t('searchPalette.results')}>
            {!typing &&
              (recent.length > 0 ? (
                <Command.Group heading={t('searchPalette.groups.recent')} className={GROUP_CLASS}>
                  {recent.map(item)}
                </Command.Group>
              ) : (
                <p className="px-3 py-6 text-center text-sm text-muted-foreground">
                  <Clock className="mx-auto mb-2 h-5 w-5" aria-hidden="true" />
                  {t('searchPalette.noRecent')}
                </p>
              ))}
            {typing && search.isError && !groups && (
              <p role="alert" className="px-3 py-6 text-center text-sm text-danger">
                {errorMessage(search.error, t)}
              </p>
            )}
            {typing && groups && !found && !loading && (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground">
                {t('searchPalette.none', { q: text.trim() })}
              </p>
            )}
            {groups &&
              GROUPS.map(
                ([group]) =>
                  groups[group].length > 0 && (
                    <Command.Group key={group} heading={t(`searchPalette.groups.${group}`)} className={GROUP_CLASS}>
                      {groups[group].map(item)}
                    </Command.Group>
                  ),
              )}
          </Command.List>
          <p className="hidden border-t border-border px-3 py-2 text-xs text-muted-foreground sm:block">
            {t('searchPalette.keys')}
          </p>
        </Command>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground';
