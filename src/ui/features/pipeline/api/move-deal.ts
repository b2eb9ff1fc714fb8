import { useMutation, type InfiniteData } from '@tanstack/react-query';
import { api, data, type ApiBody } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { boardColumnQueryKey, boardSummaryQueryKey, type BoardFilters, type StageSummary } from './get-board';
import { type Deal, type DealsPage } from './get-deals';
import type { PipelineStage } from '../../../lib/api/get-stages';
import { queryKeys } from '../../../lib/api/query-keys';

export type MoveDealBody = ApiBody<'/api/crm/deals/{id}/move', 'post'>;

export interface MoveDealInput {
  deal: Deal;
  /** Where the card lands in the destination column's loaded cards. */
  index: number;
  body: MoveDealBody;
  filters: BoardFilters;
  /** The stage it goes to: a deal not set by hand takes its probability; a closed one weighs nothing. */
  to: Pick<PipelineStage, 'kind' | 'probability'>;
}

type Column = InfiniteData<DealsPage, string | undefined>;
type Summary = { items: StageSummary[] };

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** The cards of a column without the deal, or with it inserted at `index`. */
function withoutDeal(column: Column, id: number): Column {
  return { ...column, pages: column.pages.map((p) => ({ ...p, items: p.items.filter((d) => d.id !== id) })) };
}
function withDeal(column: Column, deal: Deal, index: number): Column {
  let rest = index;
  const pages = column.pages.map((p, i) => {
    const last = i === column.pages.length - 1;
    if (rest >= 0 && (rest <= p.items.length || last)) {
      const items = [...p.items.slice(0, rest), deal, ...p.items.slice(rest)];
      rest = -1;
      return { ...p, items };
    }
    if (rest >= 0) rest -= p.items.length;
    return p;
  });
  return { ...column, pages };
}

/**
 * The column totals with the deal counted in `to` (as `moved`) instead of `from` (as `deal`); a closed
 * column's weighted value stays 0. The server's answer replaces them.
 */
function shiftTotals(summary: Summary, deal: Deal, moved: Deal): Summary {
  const value = cents(deal.value);
  const weighted = (d: Deal) => Math.round((value * d.probability) / 100);
  return {
    items: summary.items.map((s) => {
      const sign = s.stage === moved.stage ? 1 : s.stage === deal.stage ? -1 : 0;
      if (!sign) return s;
      return {
        ...s,
        dealCount: s.dealCount + sign,
        valueSum: money(cents(s.valueSum) + sign * value),
        weightedValueSum:
          s.kind === 'open'
            ? money(cents(s.weightedValueSum) + sign * weighted(sign > 0 ? moved : deal))
            : s.weightedValueSum,
      };
    }),
  };
}

/**
 * The versions this tab's own moves replaced, per deal: a card moved again before the first move's answer was
 * taken from the board with the version it had then, and sends the one that move saved instead (a move by anyone
 * else still conflicts).
 */
const savedOver = new Map<number, Map<string, string>>();
function latestVersion(id: number, updatedAt: string | undefined): string | undefined {
  const chain = savedOver.get(id);
  let version = updatedAt;
  while (version !== undefined && chain?.has(version)) version = chain.get(version);
  return version;
}

export const moveDeal = ({ deal, body }: MoveDealInput) =>
  data(
    api.POST('/api/crm/deals/{id}/move', {
      params: { path: { id: deal.id } },
      body: { ...body, updatedAt: latestVersion(deal.id, body.updatedAt) },
    }),
  );

/** One queue for the board's moves: a second move waits for the first's answer (its card shows moved at once). */
const MOVES = { id: 'board-move' };
const pendingKeys = new Map<string, readonly unknown[]>();

/**
 * A card moved on the board: both columns and the totals change at once; a refusal puts them back (the
 * caller shows why), and either way the two columns and the totals are read again.
 */
export const useMoveDeal = () =>
  useMutation({
    mutationFn: moveDeal,
    scope: MOVES,
    onMutate: async ({ deal, index, body, filters, to }) => {
      const fromKey = boardColumnQueryKey(deal.stage, filters);
      const toKey = boardColumnQueryKey(body.stage, filters);
      const summaryKey = boardSummaryQueryKey(filters);
      await Promise.all(
        [fromKey, toKey, summaryKey].map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })),
      );
      const before = {
        from: queryClient.getQueryData<Column>(fromKey),
        to: queryClient.getQueryData<Column>(toKey),
        summary: queryClient.getQueryData<Summary>(summaryKey),
      };
      const moved: Deal = {
        ...deal,
        stage: body.stage,
        position: body.position ?? deal.position,
        lostReason: body.lostReason ?? deal.lostReason,
        probability: deal.probabilityManual ? deal.probability : to.probability,
      };
      if (before.from) queryClient.setQueryData<Column>(fromKey, withoutDeal(before.from, deal.id));
      const target = queryClient.getQueryData<Column>(toKey);
      if (target) queryClient.setQueryData<Column>(toKey, withDeal(withoutDeal(target, deal.id), moved, index));
      if (before.summary && deal.stage !== body.stage)
        queryClient.setQueryData<Summary>(summaryKey, shiftTotals(before.summary, deal, moved));
      return { before, fromKey, toKey, summaryKey };
    },
    // The server's answer at once (its version, its probability): a dialog opened before the refetch edits what is stored.
    onSuccess: (saved, { deal, body }, context) => {
      const sent = latestVersion(deal.id, body.updatedAt);
      if (sent && sent !== saved.updatedAt)
        savedOver.set(deal.id, (savedOver.get(deal.id) ?? new Map<string, string>()).set(sent, saved.updatedAt));
      const column = queryClient.getQueryData<Column>(context.toKey);
      if (column)
        queryClient.setQueryData<Column>(context.toKey, {
          ...column,
          pages: column.pages.map((p) => ({ ...p, items: p.items.map((d) => (d.id === saved.id ? saved : d)) })),
        });
    },
    onError: (_error, _input, context) => {
      if (!context) return;
      queryClient.setQueryData(context.fromKey, context.before.from);
      if (context.toKey !== context.fromKey) queryClient.setQueryData(context.toKey, context.before.to);
      queryClient.setQueryData(context.summaryKey, context.before.summary);
    },
    // Read again once the last queued move is answered: an earlier refetch would put back a card a later move has
    // already taken out of its column.
    onSettled: (_data, _error, _input, context) => {
      if (!context) return;
      for (const key of [context.fromKey, context.toKey, context.summaryKey]) pendingKeys.set(JSON.stringify(key), key);
      if (queryClient.isMutating({ predicate: (m) => m.options.scope?.id === MOVES.id }) > 1) return;
      const keys = [...pendingKeys.values()];
      pendingKeys.clear();
      return Promise.all([
        ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
        queryClient.invalidateQueries({ queryKey: queryKeys.timeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
        // A company's totals and a record's deal list (the company's, the contact's pages) show the new stage when
        // next shown; marked stale only, so no board column is read again before its own refetch above.
        queryClient.invalidateQueries({ queryKey: queryKeys.deals.companyTotalsAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.deals.lists, refetchType: 'none' }),
      ]);
    },
  });
