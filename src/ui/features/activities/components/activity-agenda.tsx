import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { isOverdue } from '../activity-order';
import { useActivities, type Activity, type ActivityType } from '../api/get-activities';
import { useMoveActivity } from '../api/move-activity';
import { TYPE_ICONS } from './activity-card';

const DAY_MS = 86_400_000;
/** Hours always shown; an activity earlier or later widens the grid. */
const FIRST_HOUR = 7;
const LAST_HOUR = 19;
const pad = (n: number) => String(n).padStart(2, '0');

/** The Monday (local midnight) of the week holding `date`. */
export function mondayOf(date: Date): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
}
export const weekParam = (monday: Date) => `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
export function parseWeek(value: string | null): Date {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return mondayOf(match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date());
}
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

interface AgendaProps {
  monday: Date;
  assignee: number;
  type: ActivityType | 'all';
  onWeek: (monday: Date) => void;
  onOpen: (activity: Activity) => void;
}

/** A week, Monday to Sunday, by day and hour; dragging an activity to another slot gives it that day and hour. */
export function ActivityAgenda({ monday, assignee, type, onWeek, onOpen }: AgendaProps) {
  const { t, i18n } = useTranslation();
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const end = addDays(monday, 7);
  const list = useActivities({ assignedTo: assignee, type, dueFrom: monday.toISOString(), dueBefore: end.toISOString(), order: 'due' });
  const move = useMoveActivity();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  // A week is read whole, a page after another.
  useEffect(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);
  const slotOf = (activity: Activity) => {
    const due = new Date(activity.dueDate!);
    return { day: Math.floor((new Date(due.getFullYear(), due.getMonth(), due.getDate()).getTime() - monday.getTime() + DAY_MS / 2) / DAY_MS), hour: due.getHours() };
  };
  const hours = items.map((a) => slotOf(a).hour);
  const first = Math.min(FIRST_HOUR, ...hours);
  const last = Math.max(LAST_HOUR, ...hours);
  const today = new Date();
  const locale = i18n.language === 'en' ? 'en-GB' : 'pt-BR';
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const dayDate = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' });
  const range = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.reason === 'CANCEL') return;
    const activity = items.find((a) => String(a.id) === result.draggableId);
    const [day, hour] = result.destination.droppableId.split(':').map(Number);
    if (!activity || result.destination.droppableId === result.source.droppableId) return;
    const due = new Date(activity.dueDate!);
    const target = addDays(monday, day);
    target.setHours(hour, due.getMinutes());
    move.mutate(
      { activity, dueDate: target.toISOString() },
      {
        onSuccess: () => toast({ title: t('activities.agenda.moved', { subject: activity.subject, date: `${range.format(target)} ${pad(target.getHours())}:${pad(target.getMinutes())}` }) }),
        onError: (error) => toast({ variant: 'destructive', title: t('activities.toggleFailed'), description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <section aria-label={t('activities.agenda.title')}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onWeek(addDays(monday, -7))} aria-label={t('activities.agenda.previous')}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onWeek(mondayOf(new Date()))}>
          {t('activities.agenda.thisWeek')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onWeek(addDays(monday, 7))} aria-label={t('activities.agenda.next')}>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
        <h2 className="text-sm font-semibold text-foreground" data-testid="agenda-range">
          {range.format(monday)} – {range.format(addDays(monday, 6))}
        </h2>
        {list.isFetching && <Spinner />}
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t('activities.agenda.hint')}</p>
      <div className="overflow-x-auto rounded-lg border border-border">
        <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={t('activities.agenda.instructions')}>
          <div className="grid min-w-[760px]" style={{ gridTemplateColumns: '3.5rem repeat(7, minmax(0, 1fr))' }}>
            <div className="contents">
              <div className="border-b border-border bg-muted/40 p-2" />
              {days.map((day) => {
                const isToday = day.toDateString() === today.toDateString();
                return (
                  <div
                    key={day.toISOString()}
                   
                    aria-current={isToday ? 'date' : undefined}
                    data-testid={isToday ? 'agenda-today' : undefined}
                    className={cn('border-b border-l border-border p-2 text-center text-xs font-medium', isToday ? 'bg-primary text-primary-foreground' : 'bg-muted/40 text-foreground')}
                  >
                    <span className="block capitalize">{dayName.format(day)}</span>
                    <span className="block">{dayDate.format(day)}</span>
                  </div>
                );
              })}
            </div>
            {Array.from({ length: last - first + 1 }, (_, i) => first + i).map((hour) => (
              <div className="contents" key={hour}>
                <div className="border-b border-border p-1 text-right text-xs text-muted-foreground">
                  {pad(hour)}:00
                </div>
                {days.map((day, dayIndex) => {
                  const here = items.filter((a) => {
                    const slot = slotOf(a);
                    return slot.day === dayIndex && slot.hour === hour;
                  });
                  const isToday = day.toDateString() === today.toDateString();
                  return (
                    <Droppable key={dayIndex} droppableId={`${dayIndex}:${hour}`}>
                      {(provided, snapshot) => (
                        <div
                          ref={provided.innerRef}
                          {...provided.droppableProps}
                          data-slot={`${dayIndex}:${hour}`}
                          className={cn('min-h-12 border-b border-l border-border p-0.5', isToday && 'bg-primary/5', snapshot.isDraggingOver && 'bg-primary/15')}
                        >
                          {here.map((activity, index) => (
                            <Draggable key={activity.id} draggableId={String(activity.id)} index={index}>
                              {(drag) => <AgendaItem activity={activity} drag={drag} onOpen={onOpen} />}
                            </Draggable>
                          ))}
                          {provided.placeholder}
                        </div>
                      )}
                    </Droppable>
                  );
                })}
              </div>
            ))}
          </div>
        </DragDropContext>
      </div>
    </section>
  );
}

type DragProvided = Parameters<Parameters<typeof Draggable>[0]['children']>[0];

function AgendaItem({ activity, drag, onOpen }: { activity: Activity; drag: DragProvided; onOpen: (activity: Activity) => void }) {
  const { t } = useTranslation();
  const Icon = TYPE_ICONS[activity.type];
  const due = new Date(activity.dueDate!);
  const done = activity.status === 'completed';
  const overdue = isOverdue(activity, Date.now());
  return (
    <div
      ref={drag.innerRef}
      {...drag.draggableProps}
      {...drag.dragHandleProps}
      data-testid="agenda-item"
      // A click without a drag, or Enter, opens it; Space lifts it for a keyboard move.
      onClick={() => onOpen(activity)}
      onKeyDown={(event) => event.key === 'Enter' && onOpen(activity)}
      data-id={activity.id}
      className={cn(
        'mb-0.5 rounded border-l-4 bg-surface px-1.5 py-1 text-xs shadow-sm focus-ring',
        overdue ? 'border-l-danger' : done ? 'border-l-success' : 'border-l-primary',
        done && 'opacity-70',
      )}
    >
      <span className="flex items-center gap-1 text-muted-foreground">
        <Icon className="h-3 w-3 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t(`activityForm.types.${activity.type}`)}</span>
        {pad(due.getHours())}:{pad(due.getMinutes())}
      </span>
      <span className={cn('block truncate font-medium text-foreground', done && 'line-through')}>{activity.subject}</span>
    </div>
  );
}
