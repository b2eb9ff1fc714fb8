import { Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency } from '../../../lib/format';
import { useCompanyDealTotals } from '../api/get-company-deal-totals';
import { useDeals, type Deal, type DealFilters } from '../api/get-deals';
import { useStages, type PipelineStage } from '../../../lib/api/get-stages';
import { stageLabel } from '../stage-label';
import { peopleShown } from './deal-timeline';

/** 2026-03-01 as 01/03/2026 (a calendar day: no time zone applies). */
const formatDay = (day: string) => day.split('-').reverse().join('/');

type StageKind = PipelineStage['kind'];

/** How a deal stands by its stage: open, won or lost (a stage no longer listed counts as open). */
const kindOf = (deal: Deal, stages: PipelineStage[] | undefined): StageKind =>
  stages?.find((stage) => stage.pipeline === deal.pipeline && stage.stage === deal.stage)?.kind ?? 'open';

/** A record's deals (a contact's, a company's), newest first: title (opens it), value in BRL, stage with its colour, expected close. */
function RecordDeals({
  filters,
  onOpen,
  testId,
  empty,
}: {
  filters: DealFilters;
  onOpen: (deal: Deal) => void;
  testId: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const deals = useDeals(filters);
  const stages = useStages();
  if (deals.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (deals.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(deals.error, t)}
      </p>
    );
  }
  const items = deals.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return empty;
  const stageOf = (deal: Deal) =>
    stages.data?.items.find((stage) => stage.pipeline === deal.pipeline && stage.stage === deal.stage);
  const colorOf = (deal: Deal) => stageOf(deal)?.color ?? '#3B82F6';
  // Won or lost is no longer a chance: the stage's name says how it ended.
  const isOpen = (deal: Deal) => kindOf(deal, stages.data?.items) === 'open';
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" data-testid={testId}>
        {items.map((deal) => (
          <li
            key={deal.id}
            data-testid="deal-item"
            className="relative grid gap-1 rounded-md border border-border p-3 focus-within:border-primary hover:border-primary/60 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-4"
          >
            <div className="min-w-0">
              <button
                type="button"
                onClick={() => onOpen(deal)}
                className="max-w-full truncate text-left text-sm font-medium after:absolute after:inset-0 after:rounded-md focus-visible:outline-none"
              >
                {deal.title}
              </button>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <span className="inline-flex items-center gap-1.5" data-testid="deal-stage">
                  <span
                    className="h-2.5 w-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: colorOf(deal) }}
                    aria-hidden="true"
                  />
                  {stageLabel(deal.stage, t)}
                </span>
                {isOpen(deal) && <span>{t('dealForm.list.probability', { value: deal.probability })}</span>}
                {deal.expectedCloseDate && isOpen(deal) && (
                  <span>{t('dealForm.list.expectedClose', { date: formatDay(deal.expectedCloseDate) })}</span>
                )}
                {deal.contacts.length > 0 && <span data-testid="deal-people">{peopleShown(deal.contacts, t)}</span>}
              </p>
            </div>
            <p className="text-sm font-semibold tabular-nums sm:text-right" data-testid="deal-value">
              {formatCurrency(deal.value)}
            </p>
          </li>
        ))}
      </ul>
      {deals.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void deals.fetchNextPage()}>
          {deals.isFetchingNextPage && <Spinner />}
          {t('dealForm.list.more')}
        </Button>
      )}
    </div>
  );
}

/** A contact's deals, newest first: every deal the contact is in, whatever the role, primary or not. */
export function ContactDeals({ contactId, onOpen }: { contactId: number; onOpen: (deal: Deal) => void }) {
  const { t } = useTranslation();
  return (
    <RecordDeals
      filters={{ contactId }}
      onOpen={onOpen}
      testId="contact-deals"
      empty={
        <EmptyState icon={Handshake} title={t('dealForm.list.empty')} description={t('dealForm.list.emptyHint')} />
      }
    />
  );
}

/** A company's deals, newest first, under their totals: open, won and lost, each a count and a sum in BRL (the server's). */
export function CompanyDeals({ companyId, onOpen }: { companyId: number; onOpen: (deal: Deal) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <DealTotals companyId={companyId} />
      <RecordDeals
        filters={{ companyId }}
        onOpen={onOpen}
        testId="company-deals"
        empty={
          <EmptyState
            icon={Handshake}
            title={t('companyPage.dealsEmpty')}
            description={t('companyPage.dealsEmptyHint')}
          />
        }
      />
    </div>
  );
}

const KINDS: StageKind[] = ['open', 'won', 'lost'];

/** The company's deals counted and summed by the server, whatever their number; nothing until they are in. */
function DealTotals({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const totals = useCompanyDealTotals(companyId);
  if (!totals.data) return null;
  const tones: Record<StageKind, string> = {
    open: 'border-primary/40',
    won: 'border-success/50',
    lost: 'border-danger/40',
  };
  return (
    <dl className="grid gap-2 sm:grid-cols-3" aria-label={t('companyPage.totals.label')} data-testid="deal-totals">
      {KINDS.map((kind) => (
        <div key={kind} className={`grid gap-0.5 rounded-md border-l-4 bg-muted/50 px-3 py-2 ${tones[kind]}`}>
          <dt className="text-xs font-medium text-muted-foreground">{t(`companyPage.totals.${kind}`)}</dt>
          <dd className="text-sm font-semibold tabular-nums" data-testid={`deal-total-${kind}`}>
            {formatCurrency(totals.data[kind].value)}
          </dd>
          <dd className="text-xs text-muted-foreground" data-testid={`deal-count-${kind}`}>
            {t('companyPage.totals.count', { count: totals.data[kind].count })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
