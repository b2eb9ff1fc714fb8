import {
  ArrowDownRight,
  ArrowUpRight,
  CheckCircle2,
  DollarSign,
  Filter,
  Minus,
  Percent,
  Receipt,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatInteger } from '../../../lib/format';
import type { ReportFigures } from '../api/get-report';
import { describeChange, formatPercent } from '../report-format';

type CardKey = keyof NonNullable<ReportFigures['changes']>;

const CARDS: { key: CardKey; icon: LucideIcon }[] = [
  { key: 'salesWon', icon: DollarSign },
  { key: 'activeContacts', icon: Users },
  { key: 'conversionRate', icon: Percent },
  { key: 'completedActivities', icon: CheckCircle2 },
  { key: 'averageTicket', icon: Receipt },
  { key: 'newDeals', icon: Filter },
];

type CardFigures = NonNullable<ReportFigures['previous']>;

function display(key: CardKey, figures: Partial<CardFigures>, none: string): string {
  switch (key) {
    case 'salesWon':
      return formatCurrency(figures.salesWon!.value);
    case 'averageTicket':
      return figures.averageTicket ? formatCurrency(figures.averageTicket) : none;
    case 'conversionRate':
      return figures.conversionRate === null || figures.conversionRate === undefined
        ? none
        : formatPercent(figures.conversionRate);
    default:
      return formatInteger(figures[key] as number);
  }
}

const TONES = {
  up: 'text-success',
  down: 'text-danger',
  flat: 'text-muted-foreground',
  none: 'text-muted-foreground',
} as const;
const ARROWS = { up: ArrowUpRight, down: ArrowDownRight, flat: Minus, none: Minus } as const;

/** The metric cards the category shows (the server sends only those), each with its change against the previous period. */
export function MetricCards({ figures, period }: { figures: Partial<ReportFigures>; period: number }) {
  const { t } = useTranslation();
  const shown = CARDS.filter((c) => c.key in figures);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('reports.metrics')}>
      {shown.map(({ key, icon: Icon }) => {
        const change = describeChange(figures.changes?.[key] ?? null, key === 'conversionRate');
        const Arrow = ARROWS[change.direction];
        const previous = figures.previous ? display(key, figures.previous, t('reports.none')) : null;
        return (
          <li key={key}>
            <Card className="h-full p-5" data-testid={`metric-${key}`}>
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-sm font-medium text-muted-foreground">{t(`reports.cards.${key}`)}</h2>
                <span className="flex h-9 w-9 items-center justify-center rounded-md bg-primary/15 text-primary">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
              </div>
              <p
                className="mt-3 text-2xl font-semibold tracking-tight text-foreground sm:text-3xl"
                data-testid={`metric-${key}-value`}
              >
                {display(key, figures, t('reports.none'))}
              </p>
              {key === 'salesWon' && (
                <p className="text-xs text-muted-foreground">
                  {t('reports.dealsWon', {
                    count: figures.salesWon!.count,
                    formatted: formatInteger(figures.salesWon!.count),
                  })}
                </p>
              )}
              <p
                className={cn('mt-2 flex flex-wrap items-center gap-1 text-xs', TONES[change.direction])}
                data-testid={`metric-${key}-change`}
              >
                <Arrow className="h-4 w-4" aria-hidden="true" />
                <span className="font-medium">
                  {change.text === null
                    ? t('reports.change.none')
                    : change.direction === 'flat'
                      ? t('reports.change.flat')
                      : change.text}
                </span>
                <span className="text-muted-foreground">{t('reports.change.against', { days: period, previous })}</span>
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
