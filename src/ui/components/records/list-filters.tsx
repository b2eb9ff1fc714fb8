import { Search, SlidersHorizontal, User as UserIcon, X, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

export const SEARCH_DEBOUNCE_MS = 250;

interface FilterBarProps {
  /** The id prefix of the bar's controls (`${id}-search`, `${id}-filter-controls`). */
  id: string;
  /** The search region's accessible name. */
  label: string;
  /** The search box (always shown). */
  search: ReactNode;
  /** How many filters other than the search are active: the phone's button counts them. */
  filterCount: number;
  /** The filters, folded behind a button on phones; from sm up always there. */
  children: ReactNode;
  /** The active filters as chips, under the bar. */
  chips?: ReactNode;
}

/** A record list's search and filters: the search box, the filters (behind a button on phones), the active chips. */
export function FilterBar({ id, label, search, filterCount, children, chips }: FilterBarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-4 grid gap-3" role="search" aria-label={label}>
      <div className="flex flex-wrap items-end gap-3">
        {search}
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={`${id}-filter-controls`}
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {filterCount > 0 ? t('listFilters.buttonActive', { count: filterCount }) : t('listFilters.button')}
        </Button>
        <div
          id={`${id}-filter-controls`}
          className={`${open ? 'flex' : 'hidden'} w-full flex-wrap items-end gap-3 sm:flex sm:w-auto`}
        >
          {children}
        </div>
      </div>
      {chips}
    </div>
  );
}

interface SearchBoxProps {
  id: string;
  /** The search in the URL. */
  value: string | undefined;
  /** A new search, once typing pauses (undefined: none); it replaces the history entry. */
  onSearch: (value: string | undefined) => void;
  label: string;
  placeholder: string;
}

/** The list's search, sent to the server once typing pauses, following the URL when it changes elsewhere. */
export function SearchBox({ id, value, onSearch, label, placeholder }: SearchBoxProps) {
  const [search, setSearch] = useState(value ?? '');

  // The URL changed elsewhere (back, a chip, "clear all"): the box follows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if ((value ?? '') !== search.trim()) setSearch(value ?? '');
  }

  useEffect(() => {
    const typed = search.trim();
    if (typed === (value ?? '')) return;
    const timer = setTimeout(() => onSearch(typed || undefined), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, value, onSearch]);

  return (
    <div className="relative min-w-0 flex-1 basis-40">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={placeholder}
        className="pl-9"
        maxLength={200}
      />
    </div>
  );
}

interface TextFilterProps {
  id: string;
  icon: LucideIcon;
  label: string;
  placeholder: string;
  maxLength: number;
  /** What was typed, applied with Enter (the box empties for the next one). */
  onApply: (value: string) => void;
  className?: string;
}

/** A filter typed in and applied with Enter (a tag, a segment, a city). */
export function TextFilter({ id, icon: Icon, label, placeholder, maxLength, onApply, className }: TextFilterProps) {
  const [value, setValue] = useState('');
  return (
    <form
      className={`relative w-full ${className ?? 'sm:w-44'}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) onApply(value.trim());
        setValue('');
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        className="pl-9"
        maxLength={maxLength}
      />
    </form>
  );
}

/** "Mine": the records the viewer owns, pressed while on. */
export function MineToggle({ mine, label, onToggle }: { mine: boolean; label: string; onToggle: () => void }) {
  return (
    <Button variant={mine ? 'primary' : 'outline'} aria-pressed={mine} onClick={onToggle}>
      <UserIcon className="h-4 w-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The active filters, each a chip with a button that removes it, and "clear all". */
export function FilterChips<N extends string>({
  active,
  labelOf,
  onRemove,
  onClearAll,
}: {
  active: N[];
  labelOf: (name: N) => string;
  onRemove: (name: N) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation();
  if (active.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      <span className="text-sm text-muted-foreground">{t('listFilters.active')}</span>
      <ul className="flex flex-wrap gap-2">
        {active.map((name) => (
          <li key={name}>
            <span className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm text-foreground">
              {labelOf(name)}
              <button
                type="button"
                onClick={() => onRemove(name)}
                aria-label={t('listFilters.remove', { filter: labelOf(name) })}
                className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-surface focus-ring"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClearAll}>
        {t('listFilters.clearAll')}
      </Button>
    </div>
  );
}
