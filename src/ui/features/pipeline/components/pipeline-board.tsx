import {
  DragDropContext,
  Draggable,
  Droppable,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { AlarmClock, CalendarX, Clock, Hand, MoreVertical } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { queryClient } from '../../../lib/query-client';
import { boardColumnQueryKey, useBoardColumn, type BoardFilters, type StageSummary } from '../api/get-board';
import type { Deal, DealsPage } from '../api/get-deals';
import type { PipelineStage } from '../../../lib/api/get-stages';
import { useLostReasons } from '../api/get-lost-reasons';
import { useMoveDeal } from '../api/move-deal';
import { cardFlags, formatDay, initialsOf, positionAt } from '../board-position';
import { stageLabel } from '../stage-label';

// The won and lost prompts are a chunk of their own, fetched once the columns are in (useBoardLoaded).
const loadCloseDialogs = () => import('./close-deal-dialogs');
const WonDialog = lazy(() => loadCloseDialogs().then((module) => ({ default: module.WonDialog })));
const LostReasonDialog = lazy(() => loadCloseDialogs().then((module) => ({ default: module.LostReasonDialog })));

interface PipelineBoardProps {
  stages: PipelineStage[];
  summary: StageSummary[] | undefined;
  filters: BoardFilters;
  /** Every column has its first page: what can wait is asked for now. */
  loaded: boolean;
  onOpenDeal: (deal: Deal) => void;
}

/** A move asked for, waiting for the won confirmation or the lost reason. */
type PendingMove = { deal: Deal; stage: PipelineStage; index: number };

const loadedCards = (stage: string, filters: BoardFilters): Deal[] =>
  queryClient
    .getQueryData<{ pages: DealsPage[] }>(boardColumnQueryKey(stage, filters))
    ?.pages.flatMap((p) => p.items) ?? [];
const hasMore = (stage: string, filters: BoardFilters): boolean => {
  const pages = queryClient.getQueryData<{ pages: DealsPage[] }>(boardColumnQueryKey(stage, filters))?.pages;
  return Boolean(pages?.at(-1)?.nextCursor);
};

/** The kanban: one column per stage, cards moved by mouse, touch, keyboard or the card's menu. */
export function PipelineBoard({ stages, summary, filters, loaded, onOpenDeal }: PipelineBoardProps) {
  const { t } = useTranslation();
  const move = useMoveDeal();
  // Read ahead once the cards are in: the lost-reason prompt opens with its choices (and its first one focused).
  useLostReasons(loaded);
  useEffect(() => {
    if (loaded) void loadCloseDialogs();
  }, [loaded]);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const byName = new Map(stages.map((s) => [s.stage, s]));
  const label = (stage: string) => stageLabel(stage, t);

  /** `closing`: the lost reason, or the day it was won or lost (closedAt). */
  const send = (
    deal: Deal,
    stage: PipelineStage,
    index: number,
    closing: { lostReason?: string; closedAt?: string } = {},
  ) => {
    const cards = loadedCards(stage.stage, filters).filter((d) => d.id !== deal.id);
    const position = positionAt(cards, index, hasMore(stage.stage, filters));
    move.mutate(
      {
        deal,
        index,
        filters,
        to: stage,
        body: { stage: stage.stage, position, updatedAt: deal.updatedAt, ...closing },
      },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: t('pipeline.moveFailed'), description: errorMessage(error, t) }),
        onSuccess: () =>
          stage.stage !== deal.stage &&
          toast({ title: t('pipeline.moved', { title: deal.title, stage: label(stage.stage) }) }),
      },
    );
  };

  /** Won and lost ask first; a card dropped where it was changes nothing. */
  const requestMove = (deal: Deal, stageName: string, index: number) => {
    const stage = byName.get(stageName);
    if (!stage) return;
    if (stage.stage !== deal.stage && stage.kind !== 'open') {
      setPending({ deal, stage, index });
      return;
    }
    send(deal, stage, index);
  };

  const findDeal = (id: string, stage: string) => loadedCards(stage, filters).find((d) => String(d.id) === id);

  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    const deal = findDeal(start.draggableId, start.source.droppableId);
    provided.announce(
      t('pipeline.dnd.lifted', {
        title: deal?.title ?? '',
        stage: label(start.source.droppableId),
        position: start.source.index + 1,
      }),
    );
  };
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    if (!update.destination) return provided.announce(t('pipeline.dnd.outside'));
    provided.announce(
      t('pipeline.dnd.over', { stage: label(update.destination.droppableId), position: update.destination.index + 1 }),
    );
  };
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const deal = findDeal(result.draggableId, result.source.droppableId);
    if (!result.destination || !deal || result.reason === 'CANCEL')
      return provided.announce(t('pipeline.dnd.cancelled'));
    const { droppableId, index } = result.destination;
    if (droppableId === result.source.droppableId && index === result.source.index)
      return provided.announce(t('pipeline.dnd.unchanged'));
    provided.announce(t('pipeline.dnd.dropped', { title: deal.title, stage: label(droppableId), position: index + 1 }));
    requestMove(deal, droppableId, index);
  };

  return (
    <>
      <DragDropContext
        onDragStart={onDragStart}
        onDragUpdate={onDragUpdate}
        onDragEnd={onDragEnd}
        dragHandleUsageInstructions={t('pipeline.dnd.instructions')}
      >
        {/* relative: the columns' visually hidden texts (position: absolute) stay inside the scroller, not widening the page. */}
        <div className="relative flex gap-3 overflow-x-auto pb-3" data-testid="pipeline-board">
          {stages.map((stage) => (
            <BoardColumn
              key={stage.id}
              stage={stage}
              stages={stages}
              totals={summary?.find((s) => s.stage === stage.stage)}
              filters={filters}
              onOpenDeal={onOpenDeal}
              onMoveTo={(deal, to) => requestMove(deal, to, 0)}
            />
          ))}
        </div>
      </DragDropContext>
      <Suspense fallback={null}>
        {pending?.stage.kind === 'won' && (
          <WonDialog
            deal={pending.deal}
            stageName={label(pending.stage.stage)}
            onCancel={() => setPending(null)}
            onConfirmed={(deal, closedAt) => {
              setPending(null);
              send(deal, pending.stage, pending.index, { closedAt });
            }}
          />
        )}
        {pending?.stage.kind === 'lost' && (
          <LostReasonDialog
            deal={pending.deal}
            stageName={label(pending.stage.stage)}
            onCancel={() => setPending(null)}
            onConfirmed={(reason) => {
              setPending(null);
              send(pending.deal, pending.stage, pending.index, { lostReason: reason });
            }}
          />
        )}
      </Suspense>
    </>
  );
}

interface BoardColumnProps {
  stage: PipelineStage;
  stages: PipelineStage[];
  totals: StageSummary | undefined;
  filters: BoardFilters;
  onOpenDeal: (deal: Deal) => void;
  onMoveTo: (deal: Deal, stage: string) => void;
}

function BoardColumn({ stage, stages, totals, filters, onOpenDeal, onMoveTo }: BoardColumnProps) {
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

/** An open deal's chance (marked when set by hand); a closed one says won or lost instead: it is no longer a chance. */
function DealChance({ deal, stage }: { deal: Deal; stage: PipelineStage }) {
  const { t } = useTranslation();
  if (stage.kind !== 'open') {
    return <Badge data-testid="deal-outcome">{t(`pipeline.card.${stage.kind}`)}</Badge>;
  }
  return (
    <span data-testid="deal-probability" title={deal.probabilityManual ? t('pipeline.card.manualHint') : undefined}>
      {t('pipeline.card.chance', { percent: deal.probability })}
      {deal.probabilityManual && (
        <span
          className="ml-1 inline-flex items-center gap-0.5 rounded-sm bg-muted px-1 font-medium text-foreground"
          data-testid="deal-probability-manual"
        >
          <Hand className="h-3 w-3" aria-hidden="true" />
          {t('pipeline.card.manual')}
          <span className="sr-only">: {t('pipeline.card.manualHint')}</span>
        </span>
      )}
    </span>
  );
}

interface DealCardProps {
  deal: Deal;
  stage: PipelineStage;
  stages: PipelineStage[];
  dragging: boolean;
  onOpen: () => void;
  onMoveTo: (stage: string) => void;
}

function DealCard({ deal, stage, stages, dragging, onOpen, onMoveTo }: DealCardProps) {
  const { t } = useTranslation();
  const flags = cardFlags(deal, stage);
  const close = formatDay(deal.expectedCloseDate);
  const initials = initialsOf(deal.ownerName);
  return (
    <article
      className={cn(
        'rounded-md border border-border bg-surface p-3 text-sm shadow-sm transition-shadow',
        dragging && 'rotate-1 shadow-lg ring-2 ring-primary',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <button
          type="button"
          onClick={onOpen}
          className="min-w-0 text-left font-medium text-foreground hover:underline focus-ring rounded-sm"
        >
          <span className="line-clamp-2 break-words">{deal.title}</span>
        </button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="iconSm"
              className="-mr-1 -mt-1 shrink-0"
              aria-label={t('pipeline.card.actions', { title: deal.title })}
            >
              <MoreVertical className="h-4 w-4" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={onOpen}>{t('pipeline.card.open')}</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs text-muted-foreground">{t('pipeline.card.moveTo')}</DropdownMenuLabel>
            {stages
              .filter((s) => s.stage !== deal.stage)
              .map((s) => (
                <DropdownMenuItem key={s.id} onSelect={() => onMoveTo(s.stage)}>
                  <span className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: s.color }} aria-hidden="true" />
                  {stageLabel(s.stage, t)}
                </DropdownMenuItem>
              ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <p className="mt-1 font-semibold text-foreground" data-testid="deal-value">
        {formatCurrency(deal.value)}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {close && stage.kind === 'open' && <span>{t('pipeline.card.closes', { date: close })}</span>}
        <DealChance deal={deal} stage={stage} />
      </div>
      {(flags.overdue || flags.noActivity || flags.stale) && (
        <div className="mt-2 flex flex-wrap gap-1">
          {flags.overdue && (
            // Solid: red text on a pale red does not reach 4.5:1 in the light theme.
            <span
              className="inline-flex items-center gap-1 rounded-full bg-danger px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-danger-foreground"
              data-testid="badge-overdue"
            >
              <CalendarX className="h-3 w-3" aria-hidden="true" />
              {t('pipeline.badges.overdue')}
            </span>
          )}
          {flags.noActivity && (
            <Badge tone="warning" data-testid="badge-no-activity">
              <AlarmClock className="h-3 w-3" aria-hidden="true" />
              {t('pipeline.badges.noActivity')}
            </Badge>
          )}
          {flags.stale && (
            <Badge tone="neutral" data-testid="badge-stale">
              <Clock className="h-3 w-3" aria-hidden="true" />
              {t('pipeline.badges.stale', { days: stage.staleDays })}
            </Badge>
          )}
        </div>
      )}
      <div className="mt-2 flex items-center justify-between gap-2 text-xs">
        <span className="truncate text-muted-foreground">{deal.contactName ?? t('pipeline.card.noContact')}</span>
        {initials && (
          <span
            className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-primary/15 px-1 font-semibold text-primary"
            title={deal.ownerName ?? undefined}
            aria-label={t('pipeline.card.owner', { name: deal.ownerName })}
          >
            {initials}
          </span>
        )}
      </div>
    </article>
  );
}
