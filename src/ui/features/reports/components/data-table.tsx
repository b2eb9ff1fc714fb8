import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A report's figures as a plain table: the view itself for quick reports, a chart's alternative elsewhere. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden,
  screenReaderOnly,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  captionHidden?: boolean;
  /** Visually hidden (a chart's alternative): no scrolling box, which would be a stop for the keyboard. */
  screenReaderOnly?: boolean;
}) {
  const table = (
    <table className="w-full border-collapse text-sm">
      <caption className={captionHidden ? 'sr-only' : 'mb-2 text-left text-xs text-muted-foreground'}>
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-border">
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={cn('px-3 py-2 font-medium text-muted-foreground', column.numeric ? 'text-right' : 'text-left')}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} className="border-b border-border last:border-0">
            {columns.map((column, c) => {
              const Cell = c === 0 ? 'th' : 'td';
              return (
                <Cell
                  key={column.label}
                  scope={c === 0 ? 'row' : undefined}
                  className={cn(
                    'px-3 py-2 text-foreground',
                    column.numeric ? 'text-right tabular-nums' : 'text-left font-normal',
                  )}
                >
                  {column.value(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (screenReaderOnly) return <div className="sr-only">{table}</div>;
  // A wide table scrolls in its box on a phone; the box takes the keyboard focus so it can be scrolled without a mouse.
  return (
    <div className="overflow-x-auto focus-ring rounded-md" tabIndex={0} role="region" aria-label={caption}>
      {table}
    </div>
  );
}
