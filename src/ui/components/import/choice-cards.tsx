import type { ReactNode } from 'react';

interface ChoiceCardsProps<V extends string> {
  name: string;
  legend: string;
  value: V;
  options: { value: V; label: string; hint: string }[];
  onChange: (value: V) => void;
  testId?: string;
  /** What the chosen option asks for next (a person, a column), under the cards. */
  children?: ReactNode;
}

/** One choice among a few, each a card with a label and a line saying what it does (radio buttons underneath). */
export function ChoiceCards<V extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  testId,
  children,
}: ChoiceCardsProps<V>) {
  return (
    <fieldset className="rounded-lg border border-border bg-surface p-4" data-testid={testId}>
      <legend className="px-1 text-sm font-medium text-foreground">{legend}</legend>
      <div className="mt-1 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 h-4 w-4 accent-[var(--color-primary)]"
            />
            <span>
              <span className="block text-sm font-medium text-foreground">{option.label}</span>
              <span className="block text-xs text-muted-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
