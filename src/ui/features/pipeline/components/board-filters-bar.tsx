import { CustomFieldChoiceFilters } from '../../../components/records/custom-field-filters';
import { useCustomFields } from '../../../lib/api/custom-fields';
import { ChevronDown, Filter, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { LookupSelect, type LookupOption } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { useContactSearch } from '../../../lib/api/search-contacts';
import { cn } from '../../../lib/cn';
import type { User } from '../../../lib/session';
import { BOARD_KEPT, CLOSE_WINDOWS, FOLDED_FILTERS, hasBoardFilters } from '../board-filters';
import { parseMoney } from '../money';

/** The board's filters, kept in the URL: a search and the owner in one row, the others folded behind a toggle. */
export function BoardFiltersBar({
  params,
  setParams,
  me,
  loaded,
}: {
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
  me: User;
  loaded: boolean;
}) {
  const { t } = useTranslation();
  const isAdmin = me.role === 'admin';
  // The filters' choices wait for the board's cards (or for someone typing in the contact search).
  const owners = useUserChoices(isAdmin && loaded);
  const [q, setQ] = useState(params.get('q') ?? '');
  const [min, setMin] = useState(params.get('min') ?? '');
  const [max, setMax] = useState(params.get('max') ?? '');
  const [contactSearch, setContactSearch] = useState('');
  // Open when a link or a reload brings one of the folded filters on.
  const [shown, setShown] = useState(() => FOLDED_FILTERS.some((key) => params.has(key)));
  const dealFields = useCustomFields('deal');
  const contacts = useContactSearch(contactSearch, loaded || contactSearch !== '');
  const contactId = Number(params.get('contact'));
  const contact: LookupOption | null =
    contactId > 0 ? { id: contactId, label: params.get('contactName') ?? `#${contactId}` } : null;

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  // The URL changed by something else (a saved view opened, its changes discarded): the boxes show it.
  const urlQ = params.get('q') ?? '';
  const urlMin = params.get('min') ?? '';
  const urlMax = params.get('max') ?? '';
  // What the boxes last wrote there is no such change (typing may have gone on since).
  const written = useRef({ q: urlQ, min: urlMin, max: urlMax });
  useEffect(() => {
    if (urlQ !== written.current.q) setQ(urlQ);
    if (urlMin !== written.current.min) setMin(urlMin);
    if (urlMax !== written.current.max) setMax(urlMax);
    written.current = { q: urlQ, min: urlMin, max: urlMax };
  }, [urlQ, urlMin, urlMax]);

  // Typing waits for a pause before it changes the URL (and the board's queries).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (
        (params.get('q') ?? '') !== q.trim() ||
        (params.get('min') ?? '') !== min.trim() ||
        (params.get('max') ?? '') !== max.trim()
      ) {
        written.current = { q: q.trim(), min: min.trim(), max: max.trim() };
        set({ q: q.trim() || null, min: min.trim() || null, max: max.trim() || null });
      }
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, min, max]);

  const ownerOptions = [
    { value: 'all', label: t('pipeline.filters.ownerAll') },
    { value: 'mine', label: t('pipeline.filters.ownerMine') },
    ...(owners.data?.items.filter((u) => u.id !== me.id).map((u) => ({ value: String(u.id), label: u.name })) ?? []),
  ];
  const closeOptions = [
    { value: 'any', label: t('pipeline.filters.closeAny') },
    ...CLOSE_WINDOWS.map((d) => ({ value: d, label: t('pipeline.filters.closeWithin', { days: d }) })),
  ];
  const badMoney = (text: string) => text.trim() !== '' && parseMoney(text) === null;
  // The filters folded away: a person sees how many of them are on without opening them.
  const folded = FOLDED_FILTERS.filter((key) => params.has(key)).length;

  return (
    // One row (title, owner, the others behind a toggle), so the columns start high and more of them fit.
    <form
      id="board-filters"
      role="search"
      aria-label={t('pipeline.filters.label')}
      className="mb-3 grid gap-2"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex flex-wrap items-center gap-2" data-testid="board-filter-row">
        <label htmlFor="board-q" className="sr-only">
          {t('pipeline.filters.search')}
        </label>
        <Input
          id="board-q"
          type="search"
          className="w-full sm:w-64"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('pipeline.filters.searchPlaceholder')}
        />
        <label htmlFor="board-owner" className="sr-only">
          {t('pipeline.filters.owner')}
        </label>
        <div className="w-40">
          <Select
            id="board-owner"
            value={params.get('owner') ?? 'all'}
            onValueChange={(v) => set({ owner: v === 'all' ? null : v })}
            options={ownerOptions}
          />
        </div>
        <CustomFieldChoiceFilters
          fields={dealFields.data?.items ?? []}
          idPrefix="board"
          valueOf={(name) => params.get(name) ?? undefined}
          onChange={(name, value) => set({ [name]: value ?? null })}
        />
        <Button
          type="button"
          variant="outline"
          aria-expanded={shown}
          aria-controls="board-more-filters"
          onClick={() => setShown(!shown)}
        >
          <Filter className="h-4 w-4" aria-hidden="true" />
          {t('pipeline.filters.toggle', { count: folded })}
          <ChevronDown className={cn('h-4 w-4 transition-transform', shown && 'rotate-180')} aria-hidden="true" />
        </Button>
        {hasBoardFilters(params) && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setQ('');
              setMin('');
              setMax('');
              // The pipeline shown, the deal open and the view stay: they are not filters.
              const kept = BOARD_KEPT.filter((key) => params.has(key)).map((key) => [key, params.get(key)!]);
              setParams(new URLSearchParams(kept), { replace: true });
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t('pipeline.filters.clear')}
          </Button>
        )}
      </div>
      <div
        id="board-more-filters"
        hidden={!shown}
        className="grid gap-3 rounded-lg border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-6"
      >
        <FilterField id="board-close" label={t('pipeline.filters.close')}>
          <Select
            id="board-close"
            value={params.get('close') ?? 'any'}
            onValueChange={(v) => set({ close: v === 'any' ? null : v })}
            options={closeOptions}
          />
        </FilterField>
        <FilterField id="board-min" label={t('pipeline.filters.valueMin')}>
          <Input
            id="board-min"
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            aria-invalid={badMoney(min)}
            placeholder="R$ 0,00"
          />
        </FilterField>
        <FilterField id="board-max" label={t('pipeline.filters.valueMax')}>
          <Input
            id="board-max"
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            aria-invalid={badMoney(max)}
            placeholder="R$ 0,00"
          />
        </FilterField>
        <FilterField id="board-contact" label={t('pipeline.filters.contact')} className="sm:col-span-2 lg:col-span-3">
          <LookupSelect
            id="board-contact"
            value={contact}
            onChange={(c) => set({ contact: c ? String(c.id) : null, contactName: c?.label ?? null })}
            options={contacts.data?.items.map((c) => ({ id: c.id, label: c.name })) ?? []}
            search={contactSearch}
            onSearch={setContactSearch}
            searchLabel={t('pipeline.filters.contactSearch')}
            noneLabel={t('pipeline.filters.contactAny')}
          />
        </FilterField>
      </div>
    </form>
  );
}

/** A folded filter: its label over its control. */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}
