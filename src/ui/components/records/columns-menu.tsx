import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ViewColumn } from '../../lib/view-params';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import type { TableColumn } from './virtual-table';

/** A table column as the menu names it: its key and header. */
type Named = Pick<TableColumn<unknown>, 'key' | 'header'>;

/**
 * The columns shown, in order: the ones chosen (`chosen`, from the URL; a key the table does not have is skipped) or,
 * with none chosen, every column; `fixed` (the record's name, which opens it) always, first unless moved.
 */
export function shownColumns(all: readonly Named[], chosen: readonly ViewColumn[], fixed: string): ViewColumn[] {
  if (chosen.length === 0) return all.map((column) => ({ key: column.key }));
  const known = new Set(all.map((column) => column.key));
  const kept = chosen.filter((column) => known.has(column.key));
  return kept.some((column) => column.key === fixed) ? kept : [{ key: fixed }, ...kept];
}

/** The table's columns as shown: chosen ones in their order, a chosen width in pixels. */
export function arrangeColumns<T>(
  all: TableColumn<T>[],
  chosen: readonly ViewColumn[],
  fixed: string,
): TableColumn<T>[] {
  return shownColumns(all, chosen, fixed).map(({ key, width }) => {
    const column = all.find((c) => c.key === key)!;
    return width ? { ...column, width: `${width}px` } : column;
  });
}

/** The columns to keep once one is resized: those shown, each with its chosen width, the resized one with its new. */
export const resizedColumns = (
  shown: readonly Named[],
  chosen: readonly ViewColumn[],
  key: string,
  width: number,
): ViewColumn[] =>
  shown.map((column) =>
    column.key === key ? { key, width } : (chosen.find((c) => c.key === column.key) ?? { key: column.key }),
  );

/**
 * The table's columns menu: the shown ones in their order, then the hidden ones; each shown or hidden and moved up or
 * down (`fixed` stays shown). "Restore" goes back to every column in the table's own order.
 */
export function ColumnsMenu({
  all,
  fixed,
  chosen,
  onChange,
}: {
  all: readonly Named[];
  fixed: string;
  chosen: readonly ViewColumn[];
  onChange: (columns: ViewColumn[]) => void;
}) {
  const { t } = useTranslation();
  const shown = shownColumns(all, chosen, fixed).map((column) => chosen.find((c) => c.key === column.key) ?? column);
  const hidden = all.filter((column) => !shown.some((c) => c.key === column.key));
  const labelOf = (key: string) => all.find((column) => column.key === key)?.header ?? key;
  const move = (index: number, by: -1 | 1) => {
    const next = [...shown];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const row = 'flex items-center gap-2 rounded px-2 py-1 text-sm';
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" data-testid="columns-menu">
          <Columns3 className="h-4 w-4" aria-hidden="true" />
          {t('columns.button')}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid max-h-(--radix-popover-content-available-height) w-72 gap-1 overflow-y-auto p-2">
        <p className="px-2 py-1 text-xs text-muted-foreground">{t('columns.hint')}</p>
        <ul className="grid gap-0.5" aria-label={t('columns.shown')}>
          {shown.map((column, index) => {
            const label = labelOf(column.key);
            return (
              <li key={column.key} className={row}>
                <Checkbox
                  id={`column-${column.key}`}
                  checked
                  disabled={column.key === fixed}
                  onCheckedChange={() => onChange(shown.filter((c) => c.key !== column.key))}
                />
                <label htmlFor={`column-${column.key}`} className="min-w-0 flex-1 truncate">
                  {label}
                </label>
                <Button
                  variant="ghost"
                  size="iconSm"
                  aria-label={t('columns.up', { name: label })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="iconSm"
                  aria-label={t('columns.down', { name: label })}
                  disabled={index === shown.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
        {hidden.length > 0 && (
          <ul className="grid gap-0.5 border-t border-border pt-1" aria-label={t('columns.hidden')}>
            {hidden.map((column) => (
              <li key={column.key} className={row}>
                <Checkbox
                  id={`column-${column.key}`}
                  checked={false}
                  onCheckedChange={() => onChange([...shown, { key: column.key }])}
                />
                <label htmlFor={`column-${column.key}`} className="min-w-0 flex-1 truncate text-muted-foreground">
                  {column.header}
                </label>
              </li>
            ))}
          </ul>
        )}
        {chosen.length > 0 && (
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => onChange([])}>
            {t('columns.reset')}
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}
