import { CalendarClock, Check } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ACTIVITY_TYPE_ICONS } from '../../../components/records/activity-type-icons';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useHomeSection, type AgendaItem } from '../api/get-home-section';
import { useCompleteActivity, useRescheduleActivity } from '../api/update-agenda-activity';
import { HomeCard, HomeEmpty } from './home-card';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local input shows it, in the viewer's clock. */
const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Tomorrow at 09:00, or the item's own time of day tomorrow: what a reschedule offers first. */
function suggestedTime(item: AgendaItem): string {
  const date = item.dueDate ? new Date(item.dueDate) : new Date();
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(item.dueDate ? date.getHours() : 9, item.dueDate ? date.getMinutes() : 0, 0, 0);
  return toLocalInput(tomorrow);
}

// Asked on completion (how it went, a note): loaded when first asked, not with the home.
const CompleteActivityDialog = lazy(() =>
  import('../../../components/records/complete-activity-dialog').then((m) => ({ default: m.CompleteActivityDialog })),
);

export interface AgendaActions {
  /** Opens the activity in place (its form). */
  onOpen: (item: AgendaItem) => void;
}

function Reschedule({ item }: { item: AgendaItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const reschedule = useRescheduleActivity();
  const inputId = `reschedule-${item.id}`;
  const save = () => {
    const when = new Date(value);
    if (!value || Number.isNaN(when.getTime())) return;
    // A promise, not mutate's callbacks: the row leaves the agenda (refetched) before the save settles, and a
    // callback of an unmounted row would never run.
    reschedule.mutateAsync({ id: item.id, dueDate: when.toISOString() }).then(
      () => {
        setOpen(false);
        toast({ title: t('home.agenda.rescheduled', { when: formatDateTime(when) }) });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: t('home.agenda.rescheduleFailed'),
          description: errorMessage(error, t),
        }),
    );
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setValue(suggestedTime(item));
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('home.agenda.rescheduleOne', { subject: item.subject })}>
          <CalendarClock className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('home.agenda.reschedule')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid w-72 gap-3 p-4">
        <form
          className="grid grid-cols-1 gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('home.agenda.newTime')}
          </label>
          <Input
            id={inputId}
            type="datetime-local"
            value={value}
            required
            min="1900-01-01T00:00"
            max="9999-12-31T23:59"
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={reschedule.isPending || !value}>
              {t('home.agenda.saveTime')}
            </Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  );
}

function AgendaRow({
  item,
  overdue,
  team,
  actions,
}: {
  item: AgendaItem;
  overdue: boolean;
  team: boolean;
  actions: AgendaActions;
}) {
  const { t } = useTranslation();
  const complete = useCompleteActivity();
  const [asking, setAsking] = useState(false);
  const Icon = ACTIVITY_TYPE_ICONS[item.type];
  const completeWithoutNote = () =>
    complete.mutateAsync(item.id).then(
      () => toast({ title: t('home.agenda.completed', { subject: item.subject }) }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: t('home.agenda.completeFailed'), description: errorMessage(error, t) }),
    );
  // The team's agenda says whose each item is.
  const about = [item.contactName, item.dealTitle, item.companyName, team && item.assignedToName]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="agenda-item" data-id={item.id}>
      <Button
        variant="outline"
        size="iconSm"
        className="rounded-full"
        onClick={() => setAsking(true)}
        disabled={complete.isPending}
        aria-label={t('home.agenda.complete', { subject: item.subject })}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
      </Button>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => actions.onOpen(item)}
          className="flex max-w-full items-center gap-2 rounded-sm text-left text-sm font-medium text-foreground hover:underline focus-ring"
        >
          <Icon className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{item.subject}</span>
          <span className="sr-only">
            {' '}
            — {t('home.agenda.open')}, {t(`home.agenda.types.${item.type}`)}
          </span>
        </button>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          {item.dueDate && (
            <time dateTime={item.dueDate} className={overdue ? 'font-medium text-danger' : undefined}>
              {overdue ? formatDateTime(item.dueDate) : formatDateTime(item.dueDate)?.slice(11)}
            </time>
          )}
          {about && <span className="min-w-0 truncate">{about}</span>}
        </p>
      </div>
      <Reschedule item={item} />
      {asking && (
        <Suspense fallback={null}>
          <CompleteActivityDialog activity={item} onSkip={completeWithoutNote} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </li>
  );
}

function AgendaGroup({
  title,
  items,
  total,
  overdue,
  team,
  testId,
  actions,
}: {
  title: string;
  items: AgendaItem[];
  total: number;
  overdue: boolean;
  team: boolean;
  testId: string;
  actions: AgendaActions;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <div data-testid={testId}>
      <h3 className={overdue ? 'text-sm font-semibold text-danger' : 'text-sm font-semibold text-foreground'}>
        {title} <span data-testid={`${testId}-total`}>({total})</span>
      </h3>
      <ul className="divide-y divide-border">
        {items.map((item) => (
          <AgendaRow key={item.id} item={item} overdue={overdue} team={team} actions={actions} />
        ))}
      </ul>
      {total > items.length && (
        <p className="pt-1 text-xs text-muted-foreground">{t('home.agenda.more', { count: total - items.length })}</p>
      )}
    </div>
  );
}

/** Today's agenda: overdue first (oldest first), then due today by time; complete, reschedule or open each in place. */
export function AgendaSection({
  userId,
  team,
  actions,
}: {
  userId: number | null;
  team: boolean;
  actions: AgendaActions;
}) {
  const { t } = useTranslation();
  const agenda = useHomeSection('agenda', userId);
  return (
    <HomeCard
      id="home-agenda"
      title={t('home.agenda.title')}
      query={agenda}
      count={(data) => data.overdue.total + data.today.total}
      action={
        <Link
          to="/crm/activities"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('home.agenda.all')}
        </Link>
      }
    >
      {(data) =>
        data.overdue.total + data.today.total === 0 ? (
          <HomeEmpty title={t('home.agenda.empty')}>{t('home.agenda.emptyHint')}</HomeEmpty>
        ) : (
          <div className="grid grid-cols-1 gap-4">
            <AgendaGroup
              title={t('home.agenda.overdue')}
              items={data.overdue.items}
              total={data.overdue.total}
              overdue
              team={team}
              testId="agenda-overdue"
              actions={actions}
            />
            <AgendaGroup
              title={t('home.agenda.today')}
              items={data.today.items}
              total={data.today.total}
              overdue={false}
              team={team}
              testId="agenda-today"
              actions={actions}
            />
          </div>
        )
      }
    </HomeCard>
  );
}
