import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../ui/select';

const IGNORE = 'ignore';

/**
 * One row per column of the file: the field it fills, or "ignore this column". A field goes to one column only.
 * `problem`: what the mapping still lacks (a field every record needs), shown as an alert.
 */
export function ImportMappingStep<T extends string>({
  columns,
  mapping,
  targets,
  labelOf,
  hint,
  problem,
  onChange,
}: {
  columns: string[];
  mapping: Partial<Record<string, T>>;
  targets: readonly T[];
  labelOf: (target: T) => string;
  hint: ReactNode;
  problem?: string | null;
  onChange: (mapping: Record<string, T>) => void;
}) {
  const { t } = useTranslation();
  const options = [
    { value: IGNORE, label: t('contactImport.mapping.ignore') },
    ...targets.map((field) => ({ value: field, label: labelOf(field) })),
  ];
  const choose = (column: string, value: string) => {
    const next: Record<string, T> = {};
    for (const [other, field] of Object.entries(mapping))
      if (field && other !== column && field !== value) next[other] = field;
    if (value !== IGNORE) next[column] = value as T;
    onChange(next);
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{hint}</p>
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
        {columns.map((column, index) => {
          const id = `import-column-${index}`;
          return (
            <li key={column} className="grid items-center gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:gap-4">
              <label htmlFor={id} className="min-w-0 truncate text-sm font-medium text-foreground">
                {column}
              </label>
              <Select
                id={id}
                value={mapping[column] ?? IGNORE}
                onValueChange={(value) => choose(column, value)}
                options={options}
              />
            </li>
          );
        })}
      </ul>
      {problem && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
