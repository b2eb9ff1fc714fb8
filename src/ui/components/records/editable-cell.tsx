import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** How a table cell is changed in place: its value as text, and the save (a refusal's message, or null once saved). */
export interface CellEditor<T> {
  /** What the control is called ("E-mail of Ana Souza"). */
  label: (item: T) => string;
  initial: (item: T) => string;
  /** A text box of this kind, or a choice among `options`. */
  input?: 'text' | 'email' | 'tel' | 'number' | 'date';
  options?: readonly { value: string; label: string }[];
  /** May this person change this record's cell? */
  editable?: (item: T) => boolean;
  save: (item: T, value: string) => Promise<string | null>;
}

const CONTROL =
  'h-8 w-full min-w-0 rounded border bg-surface px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * A cell that turns into its control when clicked (or Enter on it): Enter or leaving the control saves a changed
 * value, Escape puts it back. A refusal keeps the control open with its message under it, named by the control
 * (aria-describedby), as a form field's is; a save that succeeds closes it (the list shows the record as saved).
 */
export function EditableCell<T>({
  item,
  editor,
  alignEnd = false,
  children,
}: {
  item: T;
  editor: CellEditor<T>;
  /** A figure: shown on the right, as the column's header. */
  alignEnd?: boolean;
  children: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const messageId = useId();
  const open = () => {
    setValue(editor.initial(item));
    setError(null);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    setError(null);
  };
  const save = async (next: string) => {
    if (saving) return;
    if (next === editor.initial(item)) return close();
    setSaving(true);
    try {
      const refusal = await editor.save(item, next);
      if (refusal === null) close();
      else setError(refusal);
    } finally {
      setSaving(false);
    }
  };
  if (!editing)
    return (
      <button
        type="button"
        className={cn(
          'block h-8 w-full min-w-0 truncate rounded px-1 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          alignEnd ? 'text-right' : 'text-left',
        )}
        onClick={open}
      >
        {/* Named by the field and record, then what it shows (the name holds the visible text). */}
        <span className="sr-only">{editor.label(item)}: </span>
        {children}
      </button>
    );
  const control = {
    'aria-label': editor.label(item),
    'aria-invalid': error !== null,
    'aria-describedby': error ? messageId : undefined,
    autoFocus: true,
    // Not disabled while saving: a disabled control loses the focus, and with it Escape and the next try.
    'aria-busy': saving,
    className: cn(CONTROL, error ? 'border-danger' : 'border-border'),
  };
  return (
    // noValidate: the editor's own check speaks the person's language (and the browser's would stop Enter).
    <form
      noValidate
      className="relative"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      {editor.options ? (
        <select
          {...control}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            void save(event.target.value);
          }}
          onBlur={close}
        >
          {editor.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...control}
          type={editor.input ?? 'text'}
          value={value}
          readOnly={saving}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => void save(value)}
        />
      )}
      {error && (
        <p
          id={messageId}
          role="alert"
          className="absolute top-full left-0 z-10 mt-1 w-max max-w-64 rounded border border-danger/40 bg-surface px-2 py-1 text-xs whitespace-normal text-danger shadow"
        >
          {error}
        </p>
      )}
    </form>
  );
}
