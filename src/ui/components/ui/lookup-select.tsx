import { Input } from './input';
import { Select } from './select';

export interface LookupOption {
  id: number;
  label: string;
}

interface LookupSelectProps {
  /** The select's id (its label's htmlFor); the search box gets `${id}-search`. */
  id: string;
  value: LookupOption | null;
  onChange: (value: LookupOption | null) => void;
  /** What the search found; the current value stays offered even when the search leaves it out. */
  options: LookupOption[];
  search: string;
  onSearch: (term: string) => void;
  searchLabel: string;
  noneLabel: string;
  disabled?: boolean;
}

/** A record chosen among many: a search box narrows the list, the select picks one (or none). */
export function LookupSelect({
  id,
  value,
  onChange,
  options,
  search,
  onSearch,
  searchLabel,
  noneLabel,
  disabled,
}: LookupSelectProps) {
  const offered = value && !options.some((option) => option.id === value.id) ? [value, ...options] : options;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={searchLabel}
        aria-label={searchLabel}
        disabled={disabled}
        autoComplete="off"
      />
      <Select
        id={id}
        value={value ? String(value.id) : 'none'}
        onValueChange={(chosen) =>
          onChange(chosen === 'none' ? null : (offered.find((option) => String(option.id) === chosen) ?? null))
        }
        disabled={disabled}
        options={[
          { value: 'none', label: noneLabel },
          ...offered.map((option) => ({ value: String(option.id), label: option.label })),
        ]}
      />
    </div>
  );
}
