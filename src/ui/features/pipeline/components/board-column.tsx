import { Draggable, Droppable } from '@hello-pangea/dnd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import type { PipelineStage } from '../../../lib/api/get-stages';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { useBoardColumn, type BoardFilters, type StageSummary } from '../api/get-board';
import type { Deal } from '../api/get-deals';
import { stageLabel } from '../stage-label';
import { DealCard } from './deal-card';

interface BoardColumnProps {
  stage: PipelineStage;
  stages: PipelineStage[];
  totals: StageSummary | undefined;
  filters: BoardFilters;
  onOpenDeal: (deal: Deal) => void;
  onMoveTo: (deal: Deal, stage: string) => void;
}

/** A stage's column: its totals from the server, its cards a page at a time (the next one as its end comes near). */
export function BoardColumn({ stage, stages, totals, filters, onOpenDeal, onMoveTo }: BoardColumnProps) {
  const { t } = useTranslation();
  const column = useBoardColumn(stage.stage, filters);
  const cards = column.data?.pages.flatMap((p) => p.items) ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const headingId = `stage-${stage.id}-heading`;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = column;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    // The column scrolls by itself: its end coming near in its own scroller loads the next page.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section
      aria-labelledby={headingId}
      data-testid={`column-${stage.stage}`}
      // 224 px from a tablet up: four columns side by side at 1280 px beside the sidebar (three at 320 px).
      className="flex w-72 shrink-0 flex-col rounded-lg border border-border bg-muted/40 sm:w-56"
    >
      <header
        className="border-b border-border p-3"
        style={{ borderTop: `4px solid ${stage.color}`, borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="truncate font-semibold text-foreground">
            {stageLabel(stage.stage, t)}
          </h2>
          <Badge data-testid="column-count" aria-label={t('pipeline.column.count', { count: totals?.dealCount ?? 0 })}>
            {totals ? formatInteger(totals.dealCount) : '…'}
          </Badge>
        </div>
        <dl className="mt-1 flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
          <dt className="sr-only">{t('pipeline.column.value')}</dt>
          <dd data-testid="column-value" className="font-medium text-foreground">
            {totals ? formatCurrency(totals.valueSum) : '…'}
          </dd>
          {stage.kind === 'open' ? (
            <>
              <dt className="sr-only">{t('pipeline.column.forecast')}</dt>
              <dd data-testid="column-forecast" className="text-right" title={t('pipeline.column.forecast')}>
                {totals ? t('pipeline.column.forecastValue', { value: formatCurrency(totals.weightedValueSum) }) : '…'}
              </dd>
            </>
          ) : (
            // Closed deals are not forecast: won is revenue (the value beside), lost counts for nothing.
            <dd data-testid="column-closed" className="text-right">
              {t(stage.kind === 'won' ? 'pipeline.column.closedWon' : 'pipeline.column.closedLost')}
            </dd>
          )}
        </dl>
      </header>
      <Droppable droppableId={stage.stage}>
        {(provided, snapshot) => (
          <div
            ref={(node) => {
              provided.innerRef(node);
              scroller.current = node;
            }}
            {...provided.droppableProps}
            className={cn(
              'flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto p-2',
              snapshot.isDraggingOver && 'bg-primary/5',
            )}
            style={{ maxHeight: 'calc(100dvh - 16rem)' }}
            data-testid="column-cards"
          >
            {column.isPending && (
              <div role="status" className="flex items-center gap-2 p-2 text-sm text-muted-foreground">
                <Spinner />
                {t('common.loading')}
              </div>
            )}
            {column.isError && (
              <p role="alert" className="p-2 text-sm text-danger">
                {errorMessage(column.error, t)}
              </p>
            )}
            {cards.map((deal, index) => (
              <Draggable key={deal.id} draggableId={String(deal.id)} index={index}>
                {(drag, dragSnapshot) => (
                  <div
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    {...drag.dragHandleProps}
                    // A group, not the library's button: the card holds its own buttons (title, menu).
                    role="group"
                    aria-label={deal.title}
                    aria-roledescription={t('pipeline.dnd.roleDescription')}
                    className="rounded-md focus-ring"
                    data-testid="deal-card"
                    data-deal-id={deal.id}
                  >
                    <DealCard
                      deal={deal}
                      stage={stage}
                      stages={stages}
                      dragging={dragSnapshot.isDragging}
                      onOpen={() => onOpenDeal(deal)}
                      onMoveTo={(to) => onMoveTo(deal, to)}
                    />
                  </div>
                )}
              </Draggable>
            ))}
            {provided.placeholder}
            {column.isSuccess && cards.length === 0 && (
              <p className="p-2 text-center text-xs text-muted-foreground">{t('pipeline.column.empty')}</p>
            )}
            <div ref={sentinel} aria-hidden="true" className="h-1 shrink-0" />
            {isFetchingNextPage && (
              <div role="status" className="flex justify-center p-2">
                <Spinner />
                <span className="sr-only">{t('common.loading')}</span>
              </div>
            )}
          </div>
        )}
      </Droppable>
    </section>
  );
}
