import {
  DragDropContext,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/use-toast';
import type { PipelineStage } from '../../../lib/api/get-stages';
import { errorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/query-client';
import { boardColumnQueryKey, type BoardFilters, type StageSummary } from '../api/get-board';
import type { Deal, DealsPage } from '../api/get-deals';
import { useLostReasons } from '../api/get-lost-reasons';
import { useMoveDeal } from '../api/move-deal';
import { positionAt } from '../board-position';
import { stageLabel } from '../stage-label';
import { BoardColumn } from './board-column';

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
