import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SuggestionCombobox, type Suggestion } from './suggestion-combobox';

export const TAG_MAX_LENGTH = 50;

export interface TagsInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface SuggestedTagsInputProps extends TagsInputProps {
  /** The tags in use starting with what is typed (a query hook); none for a record type without that list. */
  useSuggestions: (search: string, enabled: boolean) => Suggestion[] | undefined;
  listLabel: string;
}

/**
 * A record's tags as chips: type one and press Enter (or a comma) to add it, or pick one of the tags in use the
 * box suggests; its × button (or Backspace on an empty box) removes it.
 */
export function TagsInput({
  id,
  value,
  onChange,
  onBlur,
  useSuggestions,
  listLabel,
  ...aria
}: SuggestedTagsInputProps) {
  const { t } = useTranslation();
  const add = (tag: string) => {
    if (tag && !value.includes(tag)) onChange([...value, tag]);
  };
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('contacts.form.tagsAdded')}>
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs font-medium text-foreground"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other !== tag))}
                aria-label={t('contacts.form.removeTag', { tag })}
                className="flex h-5 w-5 items-center justify-center rounded-full hover:bg-surface focus-ring"
              >
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SuggestionCombobox
        id={id}
        useSuggestions={useSuggestions}
        listLabel={listLabel}
        maxLength={TAG_MAX_LENGTH}
        commaPicks
        exclude={value}
        onPick={add}
        onBackspaceEmpty={() => value.length > 0 && onChange(value.slice(0, -1))}
        onBlur={(draft) => {
          add(draft.trim().slice(0, TAG_MAX_LENGTH));
          onBlur();
        }}
        placeholder={t('contacts.form.tagsPlaceholder')}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
      />
    </div>
  );
}
