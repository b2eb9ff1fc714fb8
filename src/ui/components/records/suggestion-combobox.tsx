import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../ui/input';
import { Popover, PopoverAnchor, PopoverContent } from '../ui/popover';
import { useDebouncedValue } from '../../lib/hooks/use-debounced-value';

const SUGGEST_DEBOUNCE_MS = 150;

/** As the server compares tags and sources: case and accents ignored. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A value in use and on how many contacts. */
export interface Suggestion {
  value: string;
  count: number;
}

export interface SuggestionComboboxProps {
  id: string;
  /** The values in use starting with `search` (asked only while `enabled`), most used first: a query hook. */
  useSuggestions: (search: string, enabled: boolean) => Suggestion[] | undefined;
  /** The list's accessible name. */
  listLabel: string;
  maxLength: number;
  /** Values already chosen: not suggested again. */
  exclude?: readonly string[];
  /** A value typed and confirmed (Enter, or a comma where `commaPicks`) or a suggestion picked. */
  onPick: (value: string) => void;
  commaPicks?: boolean;
  /** Backspace in an empty box (the chips' input removes the last chip). */
  onBackspaceEmpty?: () => void;
  /** Leaving the box, with what was typed and not yet confirmed. */
  onBlur?: (draft: string) => void;
  placeholder?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  disabled?: boolean;
}

/**
 * A box that suggests the values in use (the tags, the sources) as the user types, most used first: a combobox
 * with a listbox (ARIA 1.2 pattern). Arrows move through the suggestions, Enter takes the highlighted one (or what
 * was typed), Escape closes the list (and only the list).
 */
export function SuggestionCombobox({
  id,
  useSuggestions,
  listLabel,
  maxLength,
  exclude = [],
  onPick,
  commaPicks = false,
  onBackspaceEmpty,
  onBlur,
  placeholder,
  className,
  disabled,
  ...aria
}: SuggestionComboboxProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(-1);
  const anchor = useRef<HTMLDivElement>(null);
  const search = useDebouncedValue(draft.trim(), SUGGEST_DEBOUNCE_MS);
  const answer = useSuggestions(search, wanted);
  // The answer may be for what was typed a moment ago: only what still starts with the box's text.
  const typed = fold(draft.trim());
  const suggestions = (answer ?? []).filter(({ value }) => !exclude.includes(value) && fold(value).startsWith(typed));
  const open = wanted && suggestions.length > 0;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  const pick = (picked: string) => {
    const value = picked.trim().slice(0, maxLength);
    if (value) onPick(value);
    setDraft('');
    setWanted(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setWanted(true);
        setActive(-1);
        return;
      }
      const count = suggestions.length;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1,
      );
    } else if (event.key === 'Enter' || (commaPicks && event.key === ',')) {
      event.preventDefault();
      pick(open && active >= 0 && suggestions[active] ? suggestions[active].value : draft);
    } else if (event.key === 'Backspace' && draft === '') {
      onBackspaceEmpty?.();
    }
  };

  return (
    <Popover open={open} onOpenChange={(next) => !next && setWanted(false)}>
      <PopoverAnchor asChild>
        <div ref={anchor}>
          <Input
            id={id}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            value={draft}
            maxLength={maxLength}
            placeholder={placeholder}
            className={className}
            disabled={disabled}
            onChange={(event) => {
              setDraft(event.target.value);
              setWanted(event.target.value.trim() !== '');
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setWanted(false);
              onBlur?.(draft);
              if (onBlur) setDraft('');
            }}
            {...aria}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        sideOffset={4}
        role="presentation"
        className="w-[var(--radix-popover-trigger-width)] p-1"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => anchor.current?.contains(event.target as Node) && event.preventDefault()}
      >
        <ul id={listId} role="listbox" aria-label={listLabel} className="max-h-60 overflow-y-auto">
          {suggestions.map(({ value, count }, index) => (
            <li
              key={value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // The box keeps the focus (and the typing) while a suggestion is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(value)}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm aria-selected:bg-muted hover:bg-muted"
            >
              <span className="truncate">{value}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {t('contactsBulk.tagSuggestions.count', { count })}
              </span>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
