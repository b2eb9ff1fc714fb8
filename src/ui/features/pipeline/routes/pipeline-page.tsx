import { ChevronDown, Filter, KanbanSquare, Plus, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDeal } from '../api/get-deal';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { LookupSelect, type LookupOption } from '../../../components/ui/lookup-select';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { useUser, type User } from '../../../lib/session';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { useBoardLoaded, useBoardSummary, type BoardFilters } from '../api/get-board';
import type { Deal } from '../api/get-deals';
import { useStages } from '../../../lib/api/get-stages';
import { useContactSearch } from '../../../lib/api/search-contacts';
import { localDay } from '../board-position';
import { PipelineBoard } from '../components/pipeline-board';
import { parseMoney } from '../money';

const CLOSE_WINDOWS = ['7', '30', '90'] as const;
/** The URL's filters behind the filter row's toggle. */
const FOLDED_FILTERS = ['close', 'min', 'max', 'contact'];

// The deal form (with its validation library) is a chunk of its own, fetched once the columns are in.
const loadDealForm = () => import('../components/deal-form-dialog');
const DealFormDialog = lazy(() => loadDealForm().then((module) => ({ default: module.DealFormDialog })));

/** What a deal's dialog shows beyond its form (its activities and history), given by the app that composes features. */
export type DealExtras = (deal: Deal) => ReactNode;

/** The URL's filters (owner=mine|id, contact, min, max, close=days, q) as the API's. */
function boardFiltersOf(params: URLSearchParams, me: User): BoardFilters {
  const owner = params.get('owner');
  const contact = Number(params.get('contact'));
  const min = parseMoney(params.get('min') ?? '');
  const max = parseMoney(params.get('max') ?? '');
  const close = params.get('close');
  const q = params.get('q')?.trim();
  return {
    ...(owner === 'mine' ? { owner: me.id } : owner && /^\d+$/.test(owner) ? { owner: Number(owner) } : {}),
    ...(Number.isInteger(contact) && contact > 0 && { contact }),
    ...(min !== null && { valueMin: min }),
    ...(max !== null && { valueMax: max }),
    ...(close && (CLOSE_WINDOWS as readonly string[]).includes(close) && { closeBy: localDay(Number(close)) }),
    ...(q && { search: q }),
  };
}

/** /crm/pipeline: the board with its filters, totals and the deal dialog. */
export function PipelinePage({ dealExtras }: { dealExtras?: DealExtras } = {}) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const [params, setParams] = useSearchParams();
  const stages = useStages();
  const filters = useMemo(() => (me ? boardFiltersOf(params, me) : {}), [params, me]);
  const summary = useBoardSummary(filters);
  const loaded = useBoardLoaded(
    stages.data?.items.map((s) => s.stage),
    filters,
  );
  useEffect(() => {
    if (loaded) void loadDealForm();
  }, [loaded]);
  const [open, setOpen] = useState<{ deal: Deal | null } | null>(null);
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
          <Button onClick={() => setOpen({ deal: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('pipeline.newDeal')}
          </Button>
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
      <BoardFiltersBar params={params} setParams={setParams} me={me} loaded={loaded} />
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
          description={params.size ? t('pipeline.emptyFiltered') : t('pipeline.emptyHint')}
        />
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
        {open && (
          <DealFormDialog
            deal={open.deal}
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

function BoardFiltersBar({
  params,
  setParams,
  me,
  loaded,
}: {
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
  me: User;
  loaded: boolean;
}) {
  const { t } = useTranslation();
  const isAdmin = me.role === 'admin';
  // The filters' choices wait for the board's cards (or for someone typing in the contact search).
  const owners = useUserChoices(isAdmin && loaded);
  const [q, setQ] = useState(params.get('q') ?? '');
  const [min, setMin] = useState(params.get('min') ?? '');
  const [max, setMax] = useState(params.get('max') ?? '');
  const [contactSearch, setContactSearch] = useState('');
  // Open when a link or a reload brings one of the folded filters on.
  const [shown, setShown] = useState(() => FOLDED_FILTERS.some((key) => params.has(key)));
  const contacts = useContactSearch(contactSearch, loaded || contactSearch !== '');
  const contactId = Number(params.get('contact'));
  const contact: LookupOption | null =
    contactId > 0 ? { id: contactId, label: params.get('contactName') ?? `#${contactId}` } : null;

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  // Typing waits for a pause before it changes the URL (and the board's queries).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (
        (params.get('q') ?? '') !== q.trim() ||
        (params.get('min') ?? '') !== min.trim() ||
        (params.get('max') ?? '') !== max.trim()
      ) {
        set({ q: q.trim() || null, min: min.trim() || null, max: max.trim() || null });
      }
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, min, max]);

  const ownerOptions = [
    { value: 'all', label: t('pipeline.filters.ownerAll') },
    { value: 'mine', label: t('pipeline.filters.ownerMine') },
    ...(owners.data?.items.filter((u) => u.id !== me.id).map((u) => ({ value: String(u.id), label: u.name })) ?? []),
  ];
  const closeOptions = [
    { value: 'any', label: t('pipeline.filters.closeAny') },
    ...CLOSE_WINDOWS.map((d) => ({ value: d, label: t('pipeline.filters.closeWithin', { days: d }) })),
  ];
  const badMoney = (text: string) => text.trim() !== '' && parseMoney(text) === null;
  // The filters folded away: a person sees how many of them are on without opening them.
  const folded = FOLDED_FILTERS.filter((key) => params.has(key)).length;

  return (
    // One row (title, owner, the others behind a toggle), so the columns start high and more of them fit.
    <form
      id="board-filters"
      role="search"
      aria-label={t('pipeline.filters.label')}
      className="mb-3 grid gap-2"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex flex-wrap items-center gap-2" data-testid="board-filter-row">
        <label htmlFor="board-q" className="sr-only">
          {t('pipeline.filters.search')}
        </label>
        <Input
          id="board-q"
          type="search"
          className="w-full sm:w-64"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('pipeline.filters.searchPlaceholder')}
        />
        <label htmlFor="board-owner" className="sr-only">
          {t('pipeline.filters.owner')}
        </label>
        <div className="w-40">
          <Select
            id="board-owner"
            value={params.get('owner') ?? 'all'}
            onValueChange={(v) => set({ owner: v === 'all' ? null : v })}
            options={ownerOptions}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          aria-expanded={shown}
          aria-controls="board-more-filters"
          onClick={() => setShown(!shown)}
        >
          <Filter className="h-4 w-4" aria-hidden="true" />
          {t('pipeline.filters.toggle', { count: folded })}
          <ChevronDown className={cn('h-4 w-4 transition-transform', shown && 'rotate-180')} aria-hidden="true" />
        </Button>
        {params.size > 0 && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setQ('');
              setMin('');
              setMax('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t('pipeline.filters.clear')}
          </Button>
        )}
      </div>
      <div
        id="board-more-filters"
        hidden={!shown}
        className="grid gap-3 rounded-lg border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-6"
      >
        <FilterField id="board-close" label={t('pipeline.filters.close')}>
          <Select
            id="board-close"
            value={params.get('close') ?? 'any'}
            onValueChange={(v) => set({ close: v === 'any' ? null : v })}
            options={closeOptions}
          />
        </FilterField>
        <FilterField id="board-min" label={t('pipeline.filters.valueMin')}>
          <Input
            id="board-min"
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            aria-invalid={badMoney(min)}
            placeholder="R$ 0,00"
          />
        </FilterField>
        <FilterField id="board-max" label={t('pipeline.filters.valueMax')}>
          <Input
            id="board-max"
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            aria-invalid={badMoney(max)}
            placeholder="R$ 0,00"
          />
        </FilterField>
        <FilterField id="board-contact" label={t('pipeline.filters.contact')} className="sm:col-span-2 lg:col-span-3">
          <LookupSelect
            id="board-contact"
            value={contact}
            onChange={(c) => set({ contact: c ? String(c.id) : null, contactName: c?.label ?? null })}
            options={contacts.data?.items.map((c) => ({ id: c.id, label: c.name })) ?? []}
            search={contactSearch}
            onSearch={setContactSearch}
            searchLabel={t('pipeline.filters.contactSearch')}
            noneLabel={t('pipeline.filters.contactAny')}
          />
        </FilterField>
      </div>
    </form>
  );
}

/** A folded filter: its label over its control. */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}
