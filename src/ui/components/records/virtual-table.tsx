import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../../lib/view-params';
import { useLoadMoreNearEnd, useMainScroller } from '../../lib/hooks/use-main-scroller';
import { EditableCell, type CellEditor } from './editable-cell';
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
  /** Changed in place (EditableCell); none: read-only. */
  edit?: CellEditor<T>;
  /** A control column (a row's checkbox): its header named for assistive technology only, and no resizing. */
  control?: boolean;
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
  /** A column's new width in pixels, dragged or set with the arrow keys on its header's edge; none: not resizable. */
  onResize?: (key: string, width: number) => void;
  /** The edge's name for assistive technology ("Resize Name"). */
  resizeLabel?: (header: string) => string;
}

const KEY_STEP = 16;
const clampWidth = (width: number) => Math.round(Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, width)));

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
  onResize,
  resizeLabel,
}: VirtualTableProps<T>) {
  const { list, scroller, scrollMargin } = useMainScroller();
  // The column being resized and its width so far: the grid follows the pointer (or the keys) at once; the list learns
  // the width on release, and the override stays until the columns come back with it (the URL's update is a transition).
  const [dragging, setDragging] = useState<{ key: string; width: number } | null>(null);
  const ownTemplate = columns.map((column) => column.width).join(' ');
  useEffect(() => setDragging(null), [ownTemplate]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
  });
  const shown = virtualizer.getVirtualItems();
  useLoadMoreNearEnd(shown, items.length, { hasMore, loadingMore, onLoadMore }, 10);

  const template = columns
    .map((column) => (dragging?.key === column.key ? `${dragging.width}px` : column.width))
    .join(' ');
  const widthOf = (edge: HTMLElement) => edge.parentElement!.getBoundingClientRect().width;
  const startResize = (event: PointerEvent<HTMLDivElement>, key: string) => {
    event.preventDefault();
    keyed.current = null;
    const edge = event.currentTarget;
    const startX = event.clientX;
    const startWidth = widthOf(edge);
    edge.setPointerCapture(event.pointerId);
    let width = startWidth;
    const follow = (move: globalThis.PointerEvent) => {
      width = clampWidth(startWidth + move.clientX - startX);
      setDragging({ key, width });
    };
    const release = () => {
      edge.removeEventListener('pointermove', follow);
      edge.removeEventListener('pointerup', release);
      edge.removeEventListener('pointercancel', release);
      if (width === startWidth) setDragging(null);
      else onResize?.(key, width);
    };
    edge.addEventListener('pointermove', follow);
    edge.addEventListener('pointerup', release);
    edge.addEventListener('pointercancel', release);
  };
  // The arrow keys move the edge as the pointer does, each press from the last one's width; the list learns the width
  // when the key is let go. That width is kept (a ref, not the render's state) until the edge loses focus: a press
  // that comes before the list has drawn the last one's width (its URL update is a transition; a busy machine lets
  // presses pass in between) still starts from it, so no press is lost.
  const keyed = useRef<{ key: string; width: number } | null>(null);
  const resizeWithKeys = (event: KeyboardEvent<HTMLDivElement>, key: string) => {
    const by = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (by === 0) return;
    event.preventDefault();
    const from = keyed.current?.key === key ? keyed.current.width : widthOf(event.currentTarget);
    keyed.current = { key, width: clampWidth(from + by) };
    setDragging(keyed.current);
  };
  const endKeyResize = (key: string, leaving: boolean) => {
    const last = keyed.current;
    if (last?.key === key) onResize?.(key, last.width);
    if (leaving) keyed.current = null;
  };
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
                    className={cn(cell(column), 'relative py-2 font-medium')}
                  >
                    {column.control ? (
                      <span className="sr-only">{column.header}</span>
                    ) : column.sortKey === undefined ? (
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
                    {onResize && !column.control && (
                      <div
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={resizeLabel?.(column.header) ?? column.header}
                        tabIndex={0}
                        aria-valuemin={COLUMN_WIDTH_MIN}
                        aria-valuemax={COLUMN_WIDTH_MAX}
                        // The column's width as drawn (a share of the table unless set), read at each render.
                        ref={(edge) => edge?.setAttribute('aria-valuenow', String(Math.round(widthOf(edge))))}
                        data-testid={`resize-${column.key}`}
                        className="absolute top-0 right-0 h-full w-2 cursor-col-resize touch-none hover:bg-primary/40 focus-visible:bg-primary/60 focus-visible:outline-none"
                        onPointerDown={(event) => startResize(event, column.key)}
                        onKeyDown={(event) => resizeWithKeys(event, column.key)}
                        onKeyUp={() => endKeyResize(column.key, false)}
                        onBlur={() => endKeyResize(column.key, true)}
                      />
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
                  className="absolute top-0 left-0 grid w-full items-center border-b border-border/60 hover:bg-muted/40 has-[form]:z-10"
                  style={{
                    gridTemplateColumns: template,
                    height: ROW_HEIGHT,
                    transform: `translateY(${row.start - scrollMargin}px)`,
                  }}
                >
                  {columns.map((column) => (
                    // An open editor's message shows below the row: the cell lets it out.
                    <div key={column.key} role="cell" className={cn(cell(column), column.edit && 'overflow-visible')}>
                      {column.edit && (column.edit.editable?.(item) ?? true) ? (
                        <EditableCell item={item} editor={column.edit} alignEnd={column.align === 'end'}>
                          {column.render(item)}
                        </EditableCell>
                      ) : (
                        column.render(item)
                      )}
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
