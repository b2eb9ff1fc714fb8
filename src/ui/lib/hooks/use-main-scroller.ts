import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A virtualised list that scrolls with <main> (the layout's scroll area), below the header and filters: the element
 * to attach (`list`), the scrolling element, and the list's offset in it, measured again whenever what sits above
 * it (filters, chips, the total) changes height.
 */
export function useMainScroller<E extends HTMLElement = HTMLDivElement>() {
  const list = useRef<E>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    const main = element?.closest('main') ?? null;
    setScroller(main);
    if (!element || !main) return;
    const measure = () =>
      setScrollMargin(element.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    Array.from(main.children).forEach((child) => observer.observe(child));
    return () => observer.disconnect();
  }, []);
  return { list, scroller, scrollMargin };
}

/**
 * Asks for the next page (`onLoadMore`) once the last of the virtualiser's rows shown (`shown`, their indexes) is
 * within `margin` rows of the end of the `rows` loaded, while there is more and nothing is loading.
 */
export function useLoadMoreNearEnd(
  shown: { index: number }[],
  rows: number,
  { hasMore, loadingMore, onLoadMore }: { hasMore: boolean; loadingMore: boolean; onLoadMore: () => void },
  margin = 3,
): void {
  const lastShown = shown.length > 0 ? shown[shown.length - 1].index : -1;
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= rows - margin) loadMore.current();
  }, [hasMore, loadingMore, lastShown, rows, margin]);
}
