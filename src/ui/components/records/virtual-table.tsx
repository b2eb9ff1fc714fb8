import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useLoadMoreNearEnd, useMainScroller } from '../../lib/hooks/use-main-scroller';
import { ListEnd } from './virtual-card-grid';
import type { SortOrder } from './list-sort';

export interface TableColumn<T> {
  key: string;
  header: string;
  /** Its width in the grid (CSS): `12rem`, `minmax(10rem, 1fr)`. */
  width: string;
  /** What the list's `sort` is to order by this column; none: it has no order. */
  sortKey?: string;
  align?: 'start' | 'end';
  render: (item: T) => ReactNode;
}

export interface VirtualTableProps<T> {
  label: string;
  columns: TableColumn<T>[];
  items: T[];
  keyOf: (item: T) => number;
  /** How many rows the list has (the server's total), for assistive technology; unknown: the loaded ones. */
  total?: number;
  sort: string | undefined;
  order: SortOrder | undefined;
  /** A click on a sortable header: that column ascending, or, when it is the order already, the other way. */
  onSort: (sort: string, order: SortOrder | undefined) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  loadingMoreLabel: string;
  sentinelTestId: string;
  sortLabels: { ascending: string; descending: string };
}

const ROW_HEIGHT = 44;

/**
 * A record list as a table: a header row whose sortable columns order the list (aria-sort tells which), and rows
 * virtualised as the cards are (only those near the viewport of <main> are in the DOM), the next page asked for as
 * the end nears. Wider than the screen, it scrolls sideways in its own box.
 */
export function VirtualTable<T>({
  label,
  columns,
  items,
  keyOf,
  total,
  sort,
  order,
  onSort,
  hasMore,
  loadingMore,
  onLoadMore,
  loadingMoreLabel,
  sentinelTestId,
  sortLabels,
}: VirtualTableProps<T>) {
  const { list, scroller, scrollMargin } = useMainScroller();
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
  });
  const shown = virtualizer.getVirtualItems();
  useLoadMoreNearEnd(shown, items.length, { hasMore, loadingMore, onLoadMore }, 10);

  const template = columns.map((column) => column.width).join(' ');
  const cell = (column: TableColumn<T>) =>
    cn('min-w-0 truncate px-3', column.align === 'end' && 'text-right tabular-nums');
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <div role="table" aria-label={label} aria-rowcount={(total ?? items.length) + 1} className="min-w-max text-sm">
          <div role="rowgroup">
            <div
              role="row"
              aria-rowindex={1}
              className="grid items-center border-b border-border bg-muted/60 text-xs text-muted-foreground"
              style={{ gridTemplateColumns: template }}
            >
              {columns.map((column) => {
                const active = column.sortKey !== undefined && column.sortKey === sort;
                const descending = active && order === 'desc';
                return (
                  <div
                    key={column.key}
                    role="columnheader"
                    aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                    className={cn(cell(column), 'py-2 font-medium')}
                  >
                    {column.sortKey === undefined ? (
                      column.header
                    ) : (
                      <button
                        type="button"
                        className={cn(
                          'inline-flex max-w-full items-center gap-1 rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                          active && 'text-foreground',
                        )}
                        title={active ? (descending ? sortLabels.descending : sortLabels.ascending) : undefined}
                        onClick={() => onSort(column.sortKey!, active && !descending ? 'desc' : undefined)}
                      >
                        <span className="truncate">{column.header}</span>
                        {active &&
                          (descending ? (
                            <ArrowDown className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                          ) : (
                            <ArrowUp className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                          ))}
                      </button>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
          <div ref={list} role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {shown.map((row) => {
              const item = items[row.index];
              return (
                <div
                  key={keyOf(item)}
                  role="row"
                  aria-rowindex={row.index + 2}
                  data-testid="table-row"
                  className="absolute top-0 left-0 grid w-full items-center border-b border-border/60 hover:bg-muted/40"
                  style={{
                    gridTemplateColumns: template,
                    height: ROW_HEIGHT,
                    transform: `translateY(${row.start - scrollMargin}px)`,
                  }}
                >
                  {columns.map((column) => (
                    <div key={column.key} role="cell" className={cell(column)}>
                      {column.render(item)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <ListEnd testId={sentinelTestId} loading={loadingMore} label={loadingMoreLabel} />
    </>
  );
}
