import { Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency } from '../../../lib/format';
import { useDeals, type Deal } from '../api/get-deals';
import { useStages } from '../../../lib/api/get-stages';
import { stageLabel } from '../stage-label';

/** 2026-03-01 as 01/03/2026 (a calendar day: no time zone applies). */
const formatDay = (day: string) => day.split('-').reverse().join('/');

/** A contact's deals, newest first: title (opens it), value in BRL, stage with its colour, expected close. */
export function ContactDeals({ contactId, onOpen }: { contactId: number; onOpen: (deal: Deal) => void }) {
  const { t } = useTranslation();
  const deals = useDeals({ contact: contactId });
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
  if (items.length === 0)
    return <EmptyState icon={Handshake} title={t('dealForm.list.empty')} description={t('dealForm.list.emptyHint')} />;
  const stageOf = (deal: Deal) =>
    stages.data?.items.find((stage) => stage.pipeline === deal.pipeline && stage.stage === deal.stage);
  const colorOf = (deal: Deal) => stageOf(deal)?.color ?? '#3B82F6';
  // Won or lost is no longer a chance: the stage's name says how it ended.
  const isOpen = (deal: Deal) => (stageOf(deal)?.kind ?? 'open') === 'open';
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" data-testid="contact-deals">
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
