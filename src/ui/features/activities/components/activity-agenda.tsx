import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ACTIVITY_TYPE_ICONS } from '../../../components/records/activity-type-icons';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { isOverdue } from '../activity-order';
import { useActivities, type Activity, type ActivityType } from '../api/get-activities';
import { useMoveActivity } from '../api/move-activity';

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
export const weekParam = (monday: Date) =>
  `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
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

/** Keyboard moves of a focused activity, in minutes: ↑ ↓ a quarter of an hour, ← → a day. */
const KEY_STEPS: Partial<Record<string, number>> = {
  ArrowUp: -15,
  ArrowDown: 15,
  ArrowLeft: -24 * 60,
  ArrowRight: 24 * 60,
};
/** A press becomes a drag once the pointer moved this far (px); closer than EDGE to the agenda's edge, it scrolls. */
const DRAG_THRESHOLD = 5;
const EDGE = 48;
const MAX_SCROLL_STEP = 18;

/**
 * The time under a point of the screen: the slot (day, hour) under it and the quarter of an hour within that slot.
 * Read from the layout as it is now, so whatever the agenda has scrolled (its scrollTop) is counted. Null outside
 * the agenda's visible box or over its sticky header.
 */
export function timeAt(scroller: HTMLElement, monday: Date, x: number, y: number): { slot: string; at: Date } | null {
  const view = scroller.getBoundingClientRect();
  if (x < view.left || x >= view.right || y < view.top || y >= view.bottom) return null;
  const slot = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-slot]');
  if (!slot?.dataset.slot || !scroller.contains(slot)) return null;
  const [day, hour] = slot.dataset.slot.split(':').map(Number);
  const box = slot.getBoundingClientRect();
  const quarter = Math.min(3, Math.max(0, Math.floor(((y - box.top) / box.height) * 4)));
  const at = addDays(monday, day);
  at.setHours(hour, quarter * 15, 0, 0);
  return { slot: slot.dataset.slot, at };
}

interface Drag {
  activity: Activity;
  pointerId: number;
  fromX: number;
  fromY: number;
  x: number;
  y: number;
  /** Where in the item it was taken, and its width: the floating copy keeps them. */
  offsetX: number;
  offsetY: number;
  width: number;
  moving: boolean;
}

/** How far to scroll this frame when the pointer is `gap` px from an edge (negative: past it). */
const scrollStep = (gap: number) => (gap >= EDGE ? 0 : Math.ceil(MAX_SCROLL_STEP * Math.min(1, (EDGE - gap) / EDGE)));

/**
 * A week, Monday to Sunday, by day and hour, in a box that scrolls by itself (its day names stay on top). Dragging
 * an activity gives it the day, hour and quarter of an hour under the pointer where it is dropped; near the box's
 * edges the drag scrolls the box, never the page. A focused activity moves by keyboard: ↑ ↓ 15 minutes, ← → a day.
 */
export function ActivityAgenda({ monday, assignee, type, onWeek, onOpen }: AgendaProps) {
  const { t, i18n } = useTranslation();
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const end = addDays(monday, 7);
  const list = useActivities({
    assignedTo: assignee,
    type,
    dueFrom: monday.toISOString(),
    dueBefore: end.toISOString(),
    order: 'due',
  });
  const move = useMoveActivity();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  /** Set by a drag's release, so the click the browser sends after it does not open the activity. */
  const dragged = useRef(false);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [hover, setHover] = useState<{ slot: string; at: Date } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After a keyboard move: the activity that keeps the focus while it is drawn again in other slots. */
  const [refocus, setRefocus] = useState<number | null>(null);
  /** The latest move, until the list shows it: a key pressed again before that moves on from there. */
  const lastMove = useRef<{ id: number; from: string; to: Date } | null>(null);
  const instructionsId = useId();
  // A week is read whole, a page after another.
  useEffect(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);
  const slotOf = (activity: Activity) => {
    const due = new Date(activity.dueDate!);
    return {
      day: Math.floor(
        (new Date(due.getFullYear(), due.getMonth(), due.getDate()).getTime() - monday.getTime() + DAY_MS / 2) / DAY_MS,
      ),
      hour: due.getHours(),
    };
  };
  const hours = items.map((a) => slotOf(a).hour);
  const first = Math.min(FIRST_HOUR, ...hours);
  const last = Math.max(LAST_HOUR, ...hours);
  const today = new Date();
  const locale = i18n.language === 'en' ? 'en-GB' : 'pt-BR';
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const dayDate = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit' });
  const range = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });
  const stamp = (date: Date) => `${range.format(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

  const moveTo = (activity: Activity, target: Date, by: 'pointer' | 'keyboard') => {
    if (target.getTime() === new Date(activity.dueDate!).getTime()) return;
    lastMove.current = { id: activity.id, from: activity.dueDate!, to: target };
    const moved = t('activities.agenda.moved', { subject: activity.subject, date: stamp(target) });
    move.mutate(
      { activity, dueDate: target.toISOString() },
      {
        // A drag is confirmed by a toast; arrow keys, pressed one after another, by the live region only.
        onSuccess: () => by === 'pointer' && toast({ title: moved }),
        onError: (error) => {
          lastMove.current = null;
          toast({ variant: 'destructive', title: t('activities.toggleFailed'), description: errorMessage(error, t) });
        },
      },
    );
    if (by === 'keyboard') {
      setAnnouncement(moved);
      setRefocus(activity.id);
    }
  };

  // While dragging, the agenda scrolls when the pointer is near (or past) its edges; the page never does.
  const moving = drag?.moving ?? false;
  useEffect(() => {
    if (!moving) return;
    let frame = 0;
    const step = () => {
      const box = scroller.current;
      const current = dragRef.current;
      if (box && current) {
        const view = box.getBoundingClientRect();
        // Below the sticky day names, not under them.
        const top = view.top + (box.querySelector<HTMLElement>('[data-agenda-head]')?.offsetHeight ?? 0);
        const down = scrollStep(view.bottom - current.y) - scrollStep(current.y - top);
        const right = scrollStep(view.right - current.x) - scrollStep(current.x - view.left);
        if (down || right) {
          const before = [box.scrollTop, box.scrollLeft];
          box.scrollBy({ top: down, left: right, behavior: 'instant' });
          if (box.scrollTop !== before[0] || box.scrollLeft !== before[1])
            setHover(timeAt(box, monday, current.x, current.y));
        }
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    const cancel = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      dragRef.current = null;
      setDrag(null);
      setHover(null);
    };
    window.addEventListener('keydown', cancel);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', cancel);
    };
  }, [moving, monday]);

  // A keyboard move draws the activity in another slot (the optimistic time, then the server's): each time the
  // focus, left on the page's body, follows it, until the person puts it anywhere else.
  useEffect(() => {
    if (refocus === null) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-testid="agenda-item"][data-id="${refocus}"]`);
    const active = document.activeElement;
    if (active && active !== document.body && active !== element) setRefocus(null);
    else if (element && active !== element) element.focus();
  }, [refocus, list.data]);

  const itemHandlers = (activity: Activity): ItemHandlers => ({
    onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => {
      dragged.current = false;
      // A mouse or a pen drags; on a touch screen a finger scrolls, and the activity's dialog changes its time.
      if (event.button !== 0 || event.pointerType === 'touch') return;
      const box = event.currentTarget.getBoundingClientRect();
      event.currentTarget.setPointerCapture(event.pointerId);
      dragRef.current = {
        activity,
        pointerId: event.pointerId,
        fromX: event.clientX,
        fromY: event.clientY,
        x: event.clientX,
        y: event.clientY,
        offsetX: event.clientX - box.left,
        offsetY: event.clientY - box.top,
        width: box.width,
        moving: false,
      };
    },
    onPointerMove: (event: ReactPointerEvent<HTMLDivElement>) => {
      const current = dragRef.current;
      if (!current || current.pointerId !== event.pointerId) return;
      current.x = event.clientX;
      current.y = event.clientY;
      if (!current.moving && Math.hypot(current.x - current.fromX, current.y - current.fromY) < DRAG_THRESHOLD) return;
      current.moving = true;
      setDrag({ ...current });
      setHover(scroller.current ? timeAt(scroller.current, monday, current.x, current.y) : null);
    },
    onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => {
      const current = dragRef.current;
      if (!current || current.pointerId !== event.pointerId) return;
      dragRef.current = null;
      setDrag(null);
      setHover(null);
      if (!current.moving) return;
      dragged.current = true;
      const target = scroller.current && timeAt(scroller.current, monday, event.clientX, event.clientY);
      if (target) moveTo(current.activity, target.at, 'pointer');
    },
    onPointerCancel: () => {
      dragRef.current = null;
      setDrag(null);
      setHover(null);
    },
    onClick: () => {
      if (dragged.current) dragged.current = false;
      else onOpen(activity);
    },
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Enter') {
        // Kept from the dialog's first field, which it would otherwise open (a select) as the dialog takes focus.
        event.preventDefault();
        onOpen(activity);
        return;
      }
      const minutes = KEY_STEPS[event.key];
      if (minutes === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const pending = lastMove.current;
      const due =
        pending?.id === activity.id && pending.from === activity.dueDate ? pending.to : new Date(activity.dueDate!);
      // Across a change of summer time a day stays the same wall-clock time.
      const target =
        Math.abs(minutes) === 24 * 60 ? addDays(due, Math.sign(minutes)) : new Date(due.getTime() + minutes * 60_000);
      if (Math.abs(minutes) === 24 * 60) target.setHours(due.getHours(), due.getMinutes(), 0, 0);
      moveTo(activity, target, 'keyboard');
    },
  });

  return (
    <section aria-label={t('activities.agenda.title')} className={cn(moving && 'cursor-grabbing select-none')}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onWeek(addDays(monday, -7))}
          aria-label={t('activities.agenda.previous')}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onWeek(mondayOf(new Date()))}>
          {t('activities.agenda.thisWeek')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onWeek(addDays(monday, 7))}
          aria-label={t('activities.agenda.next')}
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
        <h2 className="text-sm font-semibold text-foreground" data-testid="agenda-range">
          {range.format(monday)} – {range.format(addDays(monday, 6))}
        </h2>
        {list.isFetching && <Spinner />}
      </div>
      <p className="mb-2 text-xs text-muted-foreground">{t('activities.agenda.hint')}</p>
      <p id={instructionsId} className="sr-only">
        {t('activities.agenda.instructions')}
      </p>
      <div
        ref={scroller}
        data-testid="agenda-scroll"
        className="max-h-[calc(100dvh-17rem)] min-h-72 overflow-auto overscroll-contain rounded-lg border border-border"
      >
        <div className="grid min-w-[760px]" style={{ gridTemplateColumns: '3.5rem repeat(7, minmax(0, 1fr))' }}>
          <div className="sticky top-0 z-10 border-b border-border bg-surface" data-agenda-head />
          {days.map((day) => {
            const isToday = day.toDateString() === today.toDateString();
            return (
              <div
                key={day.toISOString()}
                aria-current={isToday ? 'date' : undefined}
                data-testid={isToday ? 'agenda-today' : undefined}
                className={cn(
                  'sticky top-0 z-10 border-b border-l border-border p-2 text-center text-xs font-medium',
                  isToday ? 'bg-primary text-primary-foreground' : 'bg-surface text-foreground',
                )}
              >
                <span className="block capitalize">{dayName.format(day)}</span>
                <span className="block">{dayDate.format(day)}</span>
              </div>
            );
          })}
          {Array.from({ length: last - first + 1 }, (_, i) => first + i).map((hour) => (
            <div className="contents" key={hour}>
              <div className="border-b border-border p-1 text-right text-xs text-muted-foreground">{pad(hour)}:00</div>
              {days.map((day, dayIndex) => {
                const slot = `${dayIndex}:${hour}`;
                const here = items.filter((a) => {
                  const at = slotOf(a);
                  return at.day === dayIndex && at.hour === hour;
                });
                const isToday = day.toDateString() === today.toDateString();
                return (
                  <div
                    key={slot}
                    data-slot={slot}
                    className={cn(
                      'min-h-12 border-b border-l border-border p-0.5',
                      isToday && 'bg-primary/5',
                      hover?.slot === slot && 'bg-primary/15',
                    )}
                  >
                    {here.map((activity) => (
                      <AgendaItem
                        key={activity.id}
                        activity={activity}
                        lifted={drag?.moving === true && drag.activity.id === activity.id}
                        describedBy={instructionsId}
                        handlers={itemHandlers(activity)}
                      />
                    ))}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      {drag?.moving && (
        <div
          aria-hidden="true"
          data-testid="agenda-drag"
          className="pointer-events-none fixed z-50 rounded border-l-4 border-l-primary bg-surface px-1.5 py-1 text-xs shadow-lg"
          style={{ left: drag.x - drag.offsetX, top: drag.y - drag.offsetY, width: drag.width }}
        >
          <span className="block text-muted-foreground">
            {hover ? `${pad(hover.at.getHours())}:${pad(hover.at.getMinutes())}` : '—'}
          </span>
          <span className="block truncate font-medium text-foreground">{drag.activity.subject}</span>
        </div>
      )}
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </section>
  );
}

type ItemHandlers = Pick<
  HTMLAttributes<HTMLDivElement>,
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel' | 'onClick' | 'onKeyDown'
>;

function AgendaItem({
  activity,
  lifted,
  describedBy,
  handlers,
}: {
  activity: Activity;
  lifted: boolean;
  describedBy: string;
  handlers: ItemHandlers;
}) {
  const { t } = useTranslation();
  const Icon = ACTIVITY_TYPE_ICONS[activity.type];
  const due = new Date(activity.dueDate!);
  const done = activity.status === 'completed';
  const overdue = isOverdue(activity, Date.now());
  return (
    <div
      {...handlers}
      role="button"
      tabIndex={0}
      aria-describedby={describedBy}
      data-testid="agenda-item"
      data-id={activity.id}
      className={cn(
        'mb-0.5 cursor-grab touch-manipulation rounded border-l-4 bg-surface px-1.5 py-1 text-xs shadow-sm select-none focus-ring',
        overdue ? 'border-l-danger' : done ? 'border-l-success' : 'border-l-primary',
        done && 'opacity-70',
        lifted && 'opacity-40',
      )}
    >
      <span className="flex items-center gap-1 text-muted-foreground">
        <Icon className="h-3 w-3 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t(`activityForm.types.${activity.type}`)}</span>
        {pad(due.getHours())}:{pad(due.getMinutes())}
      </span>
      <span className={cn('block truncate font-medium text-foreground', done && 'line-through')}>
        {activity.subject}
      </span>
    </div>
  );
}
