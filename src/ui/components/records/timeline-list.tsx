import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

interface TimelineListProps<E> {
  /** A record's history, a page at a time (the API's `{ items, nextCursor }` pages). */
  timeline: UseInfiniteQueryResult<InfiniteData<{ items: E[] }, unknown>>;
  /** The list's test id. */
  testId: string;
  /** The wrapper's classes (the space between the list and its button). */
  className?: string;
  /** The list's classes (its spacing). */
  listClassName: string;
  /** The loading line's extra classes. */
  loadingClassName?: string;
  /** Shown instead of an empty list; without it the empty list stays. */
  empty?: ReactNode;
  moreLabel: string;
  /** One entry's `<li>`. */
  renderEntry: (entry: E, index: number, entries: E[]) => ReactNode;
}

/** A record's history: loading, failure, the entries newest first, and a button for the older ones. */
export function TimelineList<E>({
  timeline,
  testId,
  className,
  listClassName,
  loadingClassName,
  empty,
  moreLabel,
  renderEntry,
}: TimelineListProps<E>) {
  const { t } = useTranslation();
  if (timeline.isPending) {
    return (
      <p role="status" className={cn('flex items-center gap-2 text-sm text-muted-foreground', loadingClassName)}>
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (timeline.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(timeline.error, t)}
      </p>
    );
  }
  const entries = timeline.data.pages.flatMap((page) => page.items);
  if (entries.length === 0 && empty) return empty;
  return (
    <div className={cn('grid gap-2', className)}>
      <ol className={listClassName} data-testid={testId}>
        {entries.map((entry, index) => renderEntry(entry, index, entries))}
      </ol>
      {timeline.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void timeline.fetchNextPage()}
        >
          {timeline.isFetchingNextPage && <Spinner />}
          {moreLabel}
        </Button>
      )}
    </div>
  );
}

interface TimelineChangeProps {
  testId: string;
  className?: string;
  /** The field's name as a person reads it. */
  label: string;
  before: string;
  after: string;
  /** Read between the two values by screen readers ("to"): the arrow is hidden from them. */
  toLabel: string;
}

/** One changed field: its old value struck through, its new one after an arrow. */
export function TimelineChange({ testId, className, label, before, after, toLabel }: TimelineChangeProps) {
  return (
    <li data-testid={testId} className={className}>
      <span className="font-medium">{label}: </span>
      <del className="text-muted-foreground">{before}</del>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> {toLabel} </span>
      <ins className="no-underline">{after}</ins>
    </li>
  );
}
