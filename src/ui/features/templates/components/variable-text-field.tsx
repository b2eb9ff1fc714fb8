import { useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Popover, PopoverAnchor, PopoverContent } from '../../../components/ui/popover';
import { cn } from '../../../lib/cn';
import { insertVariable, suggestVariables, variableAt } from '../template-text';

export const textareaClass =
  'min-h-40 w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm text-foreground placeholder:text-muted-foreground focus-ring aria-invalid:border-danger disabled:opacity-60';

interface VariableTextFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  /** The known variables' names, offered as `{{` is typed. */
  variables: readonly string[];
  multiline?: boolean;
  maxLength?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A subject line or a body that offers the known variables as `{{` is typed: a list of suggestions
 * (listbox) under the field, the typing staying in the field. Arrows move through them, Enter or Tab takes
 * the highlighted one, Escape closes the list (and only the list). The field stays a text field for
 * screen readers, which hear how many variables are offered.
 */
export function VariableTextField({
  id,
  value,
  onChange,
  onBlur,
  ref,
  variables,
  multiline = false,
  maxLength,
  ...aria
}: VariableTextFieldProps) {
  const { t } = useTranslation();
  const field = useRef<(HTMLInputElement & HTMLTextAreaElement) | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const [typing, setTyping] = useState<{ start: number; query: string; caret: number } | null>(null);
  const [active, setActive] = useState(0);
  const suggestions = typing ? suggestVariables(variables, typing.query) : [];
  const open = suggestions.length > 0;
  const listId = `${id}-variables`;
  const optionId = (index: number) => `${id}-variable-${index}`;

  const follow = (text: string, caret: number | null) => {
    const at = caret === null ? null : variableAt(text, caret);
    setTyping(at && caret !== null ? { ...at, caret } : null);
    setActive(0);
  };
  const pick = (name: string) => {
    if (!typing) return;
    const next = insertVariable(value, typing.caret, typing.start, name);
    onChange(next.text);
    setTyping(null);
    requestAnimationFrame(() => field.current?.setSelectionRange(next.caret, next.caret));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const count = suggestions.length;
      setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count));
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions[Math.min(active, suggestions.length - 1)]);
    } else if (event.key === 'Escape') {
      // The list closes; the dialog around the field stays.
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
    }
  };
  const props = {
    id,
    value,
    maxLength,
    autoComplete: 'off',
    spellCheck: multiline,
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(Math.min(active, suggestions.length - 1)) : undefined,
    ref: (node: (HTMLInputElement & HTMLTextAreaElement) | null) => {
      field.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    onChange: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      onChange(event.target.value);
      follow(event.target.value, event.target.selectionStart);
    },
    onKeyDown,
    onClick: () => follow(value, field.current?.selectionStart ?? null),
    onBlur: () => {
      setTyping(null);
      onBlur();
    },
    ...aria,
  };

  return (
    <Popover open={open} onOpenChange={(next) => !next && setTyping(null)}>
      <PopoverAnchor asChild>
        <div ref={anchor}>
          {multiline ? (
            <textarea {...props} rows={8} className={textareaClass} />
          ) : (
            <Input {...props} className="font-mono" />
          )}
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        sideOffset={4}
        role="presentation"
        className="w-72 max-w-[calc(100vw-2rem)] p-1"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => anchor.current?.contains(event.target as Node) && event.preventDefault()}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t('templateEditor.suggestions')}
          className="max-h-60 overflow-y-auto"
        >
          {suggestions.map((name, index) => (
            <li
              key={name}
              id={optionId(index)}
              role="option"
              aria-selected={index === Math.min(active, suggestions.length - 1)}
              // The field keeps the focus (and the typing) while a suggestion is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(name)}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm aria-selected:bg-muted hover:bg-muted',
              )}
            >
              <span className="font-mono">{`{{${name}}}`}</span>
              <span className="truncate text-xs text-muted-foreground">
                {t(`templates.variables.${name}`, { defaultValue: '' })}
              </span>
            </li>
          ))}
        </ul>
      </PopoverContent>
      <span className="sr-only" aria-live="polite">
        {open ? t('templateEditor.suggestionsCount', { count: suggestions.length }) : ''}
      </span>
    </Popover>
  );
}
