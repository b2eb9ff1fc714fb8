import { KanbanSquare, Plus, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PipelinePicker } from '../../../components/records/pipeline-picker';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { DEFAULT_PIPELINE, useStages } from '../../../lib/api/get-stages';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { NO_ONE, useUser } from '../../../lib/session';
import { useBoardLoaded, useBoardSummary } from '../api/get-board';
import { useDeal } from '../api/get-deal';
import type { Deal } from '../api/get-deals';
import { boardFiltersOf, boardViewCodec, hasBoardFilters, pipelineOf } from '../board-filters';
import { ColumnsMenu } from '../../../components/records/columns-menu';
import { LayoutSwitch, useTableLayout } from '../../../components/records/layout-switch';
import { sortParams, withSort } from '../../../components/records/list-sort';
import { SavedViewsMenu, StaleViewNotice, useListView } from '../../../components/records/saved-views';
import { useDeals } from '../api/get-deals';
import { DEAL_FIXED_COLUMN, useDealColumns } from '../components/deal-table';
import { RecordTable } from '../../../components/records/record-table';
import { BoardFiltersBar } from '../components/board-filters-bar';
import { PipelineBoard } from '../components/pipeline-board';

// The deal form (with its validation library) is a chunk of its own, fetched once the columns are in.
const loadDealForm = () => import('../components/deal-form-dialog');
const DealFormDialog = lazy(() => loadDealForm().then((module) => ({ default: module.DealFormDialog })));
const ImportDealsDialog = lazy(() =>
  import('../components/import-deals-dialog').then((module) => ({ default: module.ImportDealsDialog })),
);

/** What a deal's dialog shows beyond its form (its activities and history), given by the app that composes features. */
export type DealExtras = (deal: Deal) => ReactNode;

/** /crm/pipeline: the board with its filters, totals and the deal dialog. */
export function PipelinePage({ dealExtras }: { dealExtras?: DealExtras } = {}) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const [params, setParams] = useSearchParams();
  const pipeline = pipelineOf(params);
  const stages = useStages(pipeline);
  const filters = useMemo(() => (me ? boardFiltersOf(params, me) : { pipeline }), [params, me, pipeline]);
  const switchTo = (next: string) =>
    setParams((current) => {
      const url = new URLSearchParams(current);
      if (next === DEFAULT_PIPELINE) url.delete('pipeline');
      else url.set('pipeline', next);
      return url;
    });
  // Saved views keep the board's filters in the deals list's names, and its table's order and columns.
  const codec = useMemo(() => boardViewCodec({ id: me?.id ?? 0 }), [me?.id]);
  const list = useListView('deal', 'board', codec);
  const [table, setTable] = useTableLayout();
  const columns = useDealColumns(me ?? NO_ONE, (deal) => setOpen({ deal }));
  // The table's order: one of its sortable columns (a custom field's too).
  const order = sortParams(
    params,
    columns.flatMap((column) => column.sortKey ?? []),
  );
  const deals = useDeals({ ...filters, ...order }, table);
  const summary = useBoardSummary(filters);
  const loaded = useBoardLoaded(
    stages.data?.items.map((s) => s.stage),
    filters,
  );
  useEffect(() => {
    if (loaded) void loadDealForm();
  }, [loaded]);
  const [open, setOpen] = useState<{ deal: Deal | null } | null>(null);
  const [importing, setImporting] = useState(false);
  // A link that names a deal (?deal=<id>, e.g. from the search palette) opens it in the dialog.
  const linkedId = Number(params.get('deal'));
  const linked = useDeal(Number.isSafeInteger(linkedId) && linkedId > 0 ? linkedId : null);
  const closeLinked = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('deal');
        return next;
      },
      { replace: true },
    );
  if (!me) return null;

  // By kind, never by name: open deals are the pipeline and its forecast; won ones are revenue.
  const openTotals = summary.data?.items.filter((s) => s.kind === 'open');
  const wonTotals = summary.data?.items.filter((s) => s.kind === 'won');
  const sum = (totals: typeof openTotals, key: 'valueSum' | 'weightedValueSum') =>
    (totals ?? []).reduce((acc, s) => acc + Math.round(Number(s[key]) * 100), 0) / 100;
  const count = summary.data?.items.reduce((acc, s) => acc + s.dealCount, 0);

  return (
    <div>
      <PageHeader
        title={t('pipeline.title')}
        description={t('pipeline.subtitle')}
        actions={
          <>
            <PipelinePicker id="board-pipeline" value={pipeline} onChange={switchTo} />
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              {t('dealImport.open')}
            </Button>
            <Button onClick={() => setOpen({ deal: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('pipeline.newDeal')}
            </Button>
          </>
        }
      />
      <dl className="mb-4 flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="board-totals">
        <div>
          <dt className="text-muted-foreground">{t('pipeline.totals.open')}</dt>
          <dd className="text-lg font-semibold text-foreground" data-testid="total-open">
            {openTotals ? formatCurrency(sum(openTotals, 'valueSum')) : '…'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('pipeline.totals.forecast')}</dt>
          <dd className="text-lg font-semibold text-foreground" data-testid="total-forecast">
            {openTotals ? formatCurrency(sum(openTotals, 'weightedValueSum')) : '…'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('pipeline.totals.won')}</dt>
          <dd className="text-lg font-semibold text-foreground" data-testid="total-won">
            {wonTotals ? formatCurrency(sum(wonTotals, 'valueSum')) : '…'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('pipeline.totals.deals')}</dt>
          <dd className="text-lg font-semibold text-foreground" data-testid="total-count">
            {count === undefined ? '…' : formatInteger(count)}
          </dd>
        </div>
      </dl>
      <BoardFiltersBar params={params} setParams={setParams} me={me} loaded={loaded || table} />
      <StaleViewNotice list={list} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <SavedViewsMenu entity="deal" allLabel={t('pipeline.table.allView')} list={list} />
        <div className="flex flex-wrap items-center gap-2">
          {table && (
            <ColumnsMenu
              all={columns}
              fixed={DEAL_FIXED_COLUMN}
              chosen={list.state.columns}
              onChange={list.setColumns}
            />
          )}
          <LayoutSwitch own="board" table={table} onChange={setTable} />
        </div>
      </div>
      {/* The heading, totals and filters show at once; the columns once the stages are known. */}
      {stages.isPending ? (
        <PageSpinner />
      ) : stages.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(stages.error, t)}
        </p>
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(summary.error, t)}
        </p>
      ) : count === 0 ? (
        <EmptyState
          icon={KanbanSquare}
          title={t('pipeline.empty')}
          description={hasBoardFilters(params) ? t('pipeline.emptyFiltered') : t('pipeline.emptyHint')}
        />
      ) : table ? (
        deals.isPending ? (
          <PageSpinner />
        ) : deals.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(deals.error, t)}
          </p>
        ) : (
          <RecordTable
            label={t('pipeline.table.list')}
            fixed={DEAL_FIXED_COLUMN}
            items={deals.data.pages.flatMap((page) => page.items)}
            keyOf={(deal) => deal.id}
            loadingMoreLabel={t('pipeline.table.loadingMore')}
            sentinelTestId="deals-sentinel"
            total={deals.data.pages[0]?.total}
            sort={order.sort}
            order={order.order}
            onSort={(sort, direction) => setParams(withSort(sort, direction))}
            hasMore={deals.hasNextPage}
            loadingMore={deals.isFetchingNextPage}
            onLoadMore={() => void deals.fetchNextPage()}
            all={columns}
            chosen={list.state.columns}
            onColumnsChange={list.setColumns}
          />
        )
      ) : (
        <PipelineBoard
          stages={stages.data.items}
          summary={summary.data?.items}
          filters={filters}
          loaded={loaded}
          onOpenDeal={(deal) => setOpen({ deal })}
        />
      )}
      <Suspense fallback={null}>
        {importing && <ImportDealsDialog pipeline={pipeline} onClose={() => setImporting(false)} />}
        {open && (
          <DealFormDialog
            deal={open.deal}
            pipeline={pipeline}
            me={me}
            onClose={() => setOpen(null)}
            extras={open.deal && dealExtras ? dealExtras(open.deal) : undefined}
          />
        )}
        {!open && params.has('deal') && linked.data && (
          <DealFormDialog
            key={linked.data.id}
            deal={linked.data}
            me={me}
            onClose={closeLinked}
            extras={dealExtras ? dealExtras(linked.data) : undefined}
          />
        )}
      </Suspense>
    </div>
  );
}
