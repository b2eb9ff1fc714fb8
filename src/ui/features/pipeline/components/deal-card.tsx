import { PinnedFieldValues } from '../../../components/records/custom-field-list';
import { AlarmClock, CalendarX, Clock, Hand, MoreVertical } from 'lucide-react';
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
import type { PipelineStage } from '../../../lib/api/get-stages';
import { cn } from '../../../lib/cn';
import { formatCurrency } from '../../../lib/format';
import type { Deal } from '../api/get-deals';
import { cardFlags, formatDay, initialsOf } from '../board-position';
import { stageLabel } from '../stage-label';

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

/** The primary person (or the first one), and how many others: what the list answered, no request of its own. */
function DealPeople({ deal }: { deal: Deal }) {
  const { t } = useTranslation();
  const lead = deal.contacts.find((person) => person.primary) ?? deal.contacts[0];
  const others = deal.contacts.filter((person) => person !== lead);
  return (
    <span className="flex min-w-0 items-center gap-1 text-muted-foreground" data-testid="deal-people-summary">
      <span className="truncate">{lead?.name ?? deal.contactName ?? t('pipeline.card.noContact')}</span>
      {others.length > 0 && (
        <span
          className="shrink-0 rounded-sm bg-muted px-1 font-medium text-foreground"
          title={others.map((person) => person.name).join(', ')}
        >
          <span aria-hidden="true">+{others.length}</span>
          <span className="sr-only">{t('pipeline.card.others', { count: others.length })}</span>
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

/** A deal on the board: its title (opens it), value, close date, chance, warnings, contact and owner; a menu moves it. */
export function DealCard({ deal, stage, stages, dragging, onOpen, onMoveTo }: DealCardProps) {
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
      <PinnedFieldValues entity="deal" values={deal.customFields} className="mt-1" />
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
        <DealPeople deal={deal} />
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
