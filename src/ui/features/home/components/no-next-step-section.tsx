import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { useHomeSection, type NoNextStepDeal } from '../api/get-home-section';
import { HomeCard, HomeEmpty, stageLabel } from './home-card';

/** Open deals with no pending activity, the longest untouched first; each plans its next step in one click. */
export function NoNextStepSection({
  userId,
  onPlan,
}: {
  userId: number | null;
  onPlan: (deal: NoNextStepDeal) => void;
}) {
  const { t } = useTranslation();
  const deals = useHomeSection('no-next-step', userId);
  return (
    <HomeCard id="home-no-next-step" title={t('home.noNextStep.title')} query={deals} count={(data) => data.total}>
      {(data) =>
        data.total === 0 ? (
          <HomeEmpty title={t('home.noNextStep.empty')}>
            {t('home.noNextStep.emptyHint')}{' '}
            <Link to="/crm/pipeline" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('home.noNextStep.openPipeline')}
            </Link>
          </HomeEmpty>
        ) : (
          <>
            <ul className="divide-y divide-border">
              {data.items.map((deal) => (
                <li
                  key={deal.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="no-next-step-item"
                  data-id={deal.id}
                >
                  {/* Narrow screens put the button under the deal rather than squeeze its name. */}
                  <div className="min-w-48 flex-1">
                    <p className="truncate text-sm font-medium text-foreground">{deal.title}</p>
                    <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                      <span>{formatCurrency(deal.value)}</span>
                      <span>· {stageLabel(deal.stage, t)}</span>
                      {deal.contactId !== null && (
                        <Link
                          to={`/crm/contacts/${deal.contactId}`}
                          className="rounded-sm underline-offset-4 hover:underline focus-ring"
                        >
                          · {deal.contactName}
                        </Link>
                      )}
                      <span>· {t('home.noNextStep.since', { when: formatDateTime(deal.updatedAt) })}</span>
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onPlan(deal)}
                    aria-label={t('home.noNextStep.planOne', { title: deal.title })}
                  >
                    <CalendarPlus className="h-4 w-4" aria-hidden="true" />
                    {t('home.noNextStep.plan')}
                  </Button>
                </li>
              ))}
            </ul>
            {data.total > data.items.length && (
              <p className="pt-1 text-xs text-muted-foreground">
                {t('home.noNextStep.more', { count: data.total - data.items.length })}
              </p>
            )}
          </>
        )
      }
    </HomeCard>
  );
}
