import { SlidersHorizontal, Search, Tag, User as UserIcon, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { User } from '../../../lib/session';
import { useContactSources } from '../api/get-contact-sources';
import { CONTACT_STATUSES, type ContactFilters, type ContactStatus } from '../api/get-contacts';
import type { FilterName } from '../use-contact-filters';
import { SuggestionCombobox, type Suggestion } from './suggestion-combobox';

export const SEARCH_DEBOUNCE_MS = 250;

/** The sources in use (GET /api/crm/contacts/sources), as the origin filter's suggestions. */
function useSourceSuggestions(search: string, enabled: boolean): Suggestion[] | undefined {
  return useContactSources(search, enabled).data?.items.map(({ source, count }) => ({ value: source, count }));
}

interface ContactFiltersBarProps {
  filters: ContactFilters;
  active: FilterName[];
  me: User;
  setFilter: (name: FilterName, value: string | number | undefined, options?: { replace?: boolean }) => void;
  setFilters: (values: Partial<Record<FilterName, string | number | undefined>>) => void;
  clearFilters: () => void;
}

/** Search (debounced, server-side), status, tag, source (with the sources in use suggested) and "mine"; the active ones as removable chips. */
export function ContactFiltersBar({
  filters,
  active,
  me,
  setFilter,
  setFilters,
  clearFilters,
}: ContactFiltersBarProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.search ?? '');
  const [tag, setTag] = useState('');
  // On phones the filters fold behind a button; from sm up they are always there.
  const [open, setOpen] = useState(false);
  const filterCount = active.filter((name) => name !== 'search').length;

  // The URL changed elsewhere (back, a chip, "clear all"): the box follows it.
  const [shownSearch, setShownSearch] = useState(filters.search);
  if (filters.search !== shownSearch) {
    setShownSearch(filters.search);
    if ((filters.search ?? '') !== search.trim()) setSearch(filters.search ?? '');
  }

  useEffect(() => {
    const value = search.trim();
    if (value === (filters.search ?? '')) return;
    const timer = setTimeout(() => setFilter('search', value || undefined, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, setFilter]);

  const mine = filters.owner === me.id;
  const chipLabel = (name: FilterName): string => {
    if (name === 'search') return t('contacts.filters.searchChip', { value: filters.search });
    if (name === 'status') return t('contacts.filters.statusChip', { value: t(`contacts.status.${filters.status}`) });
    if (name === 'tag') return t('contacts.filters.tagChip', { value: filters.tag });
    if (name === 'source') return t('contacts.filters.sourceChip', { value: filters.source });
    if (name === 'scoreMin') return t('contacts.filters.scoreMinChip', { value: filters.scoreMin });
    if (name === 'scoreMax') return t('contacts.filters.scoreMaxChip', { value: filters.scoreMax });
    return filters.owner === me.id
      ? t('contacts.filters.mine')
      : t('contacts.filters.ownerChip', { value: filters.owner });
  };

  return (
    <div className="mb-4 grid gap-3" role="search" aria-label={t('contacts.filters.label')}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-0 flex-1 basis-40">
          <label htmlFor="contacts-search" className="sr-only">
            {t('contacts.filters.search')}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="contacts-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('contacts.filters.searchPlaceholder')}
            className="pl-9"
            maxLength={200}
          />
        </div>
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls="contacts-filter-controls"
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {filterCount > 0 ? t('contacts.filters.buttonActive', { count: filterCount }) : t('contacts.filters.button')}
        </Button>
        <div
          id="contacts-filter-controls"
          className={`${open ? 'flex' : 'hidden'} w-full flex-wrap items-end gap-3 sm:flex sm:w-auto`}
        >
          <div className="w-full sm:w-44">
            <label htmlFor="contacts-status" className="sr-only">
              {t('contacts.fields.status')}
            </label>
            <Select<ContactStatus | 'all'>
              id="contacts-status"
              value={filters.status ?? 'all'}
              onValueChange={(value) => setFilter('status', value === 'all' ? undefined : value)}
              options={[
                { value: 'all', label: t('contacts.filters.allStatuses') },
                ...CONTACT_STATUSES.map((status) => ({ value: status, label: t(`contacts.status.${status}`) })),
              ]}
            />
          </div>
          <form
            className="relative w-full sm:w-44"
            onSubmit={(event) => {
              event.preventDefault();
              if (tag.trim()) setFilter('tag', tag.trim());
              setTag('');
            }}
          >
            <label htmlFor="contacts-tag" className="sr-only">
              {t('contacts.filters.tag')}
            </label>
            <Tag
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="contacts-tag"
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              placeholder={t('contacts.filters.tagPlaceholder')}
              className="pl-9"
              maxLength={50}
            />
          </form>
          <div className="relative w-full sm:w-40">
            <label htmlFor="contacts-source" className="sr-only">
              {t('contacts.filters.source')}
            </label>
            <SuggestionCombobox
              id="contacts-source"
              useSuggestions={useSourceSuggestions}
              listLabel={t('contacts.filters.sourceSuggestions')}
              maxLength={100}
              onPick={(value) => setFilter('source', value)}
              placeholder={t('contacts.filters.sourcePlaceholder')}
            />
          </div>
          <ScoreRange
            key={`${filters.scoreMin}-${filters.scoreMax}`}
            min={filters.scoreMin}
            max={filters.scoreMax}
            onApply={(scoreMin, scoreMax) => setFilters({ scoreMin, scoreMax })}
          />
          <Button
            variant={mine ? 'primary' : 'outline'}
            aria-pressed={mine}
            onClick={() => setFilter('owner', mine ? undefined : me.id)}
          >
            <UserIcon className="h-4 w-4" aria-hidden="true" />
            {t('contacts.filters.mine')}
          </Button>
        </div>
      </div>
      {active.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
          <span className="text-sm text-muted-foreground">{t('contacts.filters.active')}</span>
          <ul className="flex flex-wrap gap-2">
            {active.map((name) => (
              <li key={name}>
                <span className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm text-foreground">
                  {chipLabel(name)}
                  <button
                    type="button"
                    onClick={() => setFilter(name, undefined)}
                    aria-label={t('contacts.filters.remove', { filter: chipLabel(name) })}
                    className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-surface focus-ring"
                  >
                    <X className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            {t('contacts.filters.clearAll')}
          </Button>
        </div>
      )}
    </div>
  );
}

const parseScore = (value: string): number | undefined => {
  if (value.trim() === '') return undefined;
  const score = Math.round(Number(value));
  return Number.isFinite(score) ? Math.min(100, Math.max(0, score)) : undefined;
};

/** Score from..to, applied with Enter or on leaving the pair; an upside-down range is turned round. */
function ScoreRange({
  min,
  max,
  onApply,
}: {
  min?: number;
  max?: number;
  onApply: (min?: number, max?: number) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(min === undefined ? '' : String(min));
  const [to, setTo] = useState(max === undefined ? '' : String(max));
  const apply = () => {
    let low = parseScore(from);
    let high = parseScore(to);
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    if (low !== min || high !== max) onApply(low, high);
  };
  const input =
    'h-10 w-16 min-w-0 rounded-md border border-border bg-surface px-2 text-sm text-foreground placeholder:text-muted-foreground focus-ring';
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) apply();
      }}
    >
      <fieldset className="flex items-center gap-2">
        <legend className="float-left mr-1 text-sm text-muted-foreground">{t('contacts.fields.score')}</legend>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          id="contacts-score-min"
          aria-label={t('contacts.filters.scoreMin')}
          placeholder="0"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className={input}
        />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          id="contacts-score-max"
          aria-label={t('contacts.filters.scoreMax')}
          placeholder="100"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className={input}
        />
      </fieldset>
      <button type="submit" className="sr-only">
        {t('contacts.filters.apply')}
      </button>
    </form>
  );
}
