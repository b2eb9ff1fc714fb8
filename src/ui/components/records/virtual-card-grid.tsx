import { useVirtualizer } from '@tanstack/react-virtual';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useLoadMoreNearEnd, useMainScroller } from '../../lib/hooks/use-main-scroller';
import { Spinner } from '../ui/spinner';

interface VirtualCardGridProps<T> {
  items: T[];
  keyOf: (item: T) => number | string;
  renderCard: (item: T) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The list's accessible name, and what the line under it says while the next page loads. */
  label: string;
  loadingMoreLabel: string;
  /** The test id of the line under the list (where the next page's spinner shows). */
  sentinelTestId: string;
  /** A row's height before it is measured. */
  rowEstimate?: number;
}

const GAP = 16;

// The grid's columns follow Tailwind's sm and xl breakpoints, as the layout around it does.
const COLUMN_QUERIES = ['(min-width: 1280px)', '(min-width: 640px)'] as const;
const columnsNow = () =>
  window.matchMedia(COLUMN_QUERIES[0]).matches ? 3 : window.matchMedia(COLUMN_QUERIES[1]).matches ? 2 : 1;
function subscribeColumns(onChange: () => void) {
  const lists = COLUMN_QUERIES.map((query) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/**
 * A record list's cards (contacts, companies), a row of them at a time, virtualised: only the rows near the viewport
 * of the scrolling main area are in the DOM. Nearing the last loaded row asks for the next page.
 */
export function VirtualCardGrid<T>({
  items,
  keyOf,
  renderCard,
  hasMore,
  loadingMore,
  onLoadMore,
  label,
  loadingMoreLabel,
  sentinelTestId,
  rowEstimate = 190,
}: VirtualCardGridProps<T>) {
  const { list, scroller, scrollMargin } = useMainScroller();
  const columns = useSyncExternalStore(subscribeColumns, columnsNow);
  const rows = Math.ceil(items.length / columns);

  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller,
    estimateSize: () => rowEstimate,
    overscan: 3,
    gap: GAP,
    scrollMargin,
  });
  const shown = virtualizer.getVirtualItems();
  useLoadMoreNearEnd(shown, rows, { hasMore, loadingMore, onLoadMore });

  return (
    <>
      <div
        ref={list}
        role="list"
        aria-label={label}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {shown.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            role="presentation"
            className="absolute top-0 left-0 grid w-full grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item) => (
              // min-w-0: a long name is cut on its card, never widening the column past the screen.
              <div key={keyOf(item)} role="listitem" className="min-w-0">
                {renderCard(item)}
              </div>
            ))}
          </div>
        ))}
      </div>
      <ListEnd testId={sentinelTestId} loading={loadingMore} label={loadingMoreLabel} />
    </>
  );
}

/** The line under a virtualised list: where the next page's spinner shows while it loads. */
export function ListEnd({ testId, loading, label }: { testId: string; loading: boolean; label: string }) {
  return (
    <div data-testid={testId} className="flex min-h-8 items-center justify-center py-4 text-sm text-muted-foreground">
      {loading && (
        <span role="status" className="inline-flex items-center gap-2">
          <Spinner />
          {label}
        </span>
      )}
    </div>
  );
}
