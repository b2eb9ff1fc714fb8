import { CalendarCheck, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CompleteActivityDialog } from '../../../components/records/complete-activity-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import { useUser, type User } from '../../../lib/session';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { groupPending } from '../activity-groups';
import { isOverdue } from '../activity-order';
import {
  useActivities,
  ACTIVITY_TYPES,
  type Activity,
  type ActivityFilters,
  type ActivityType,
} from '../api/get-activities';
import { useActivity } from '../api/get-activity';
import { useActivityCounts } from '../api/get-activity-counts';
import { useSetActivityStatus } from '../api/set-activity-status';
import { ActivityAgenda, parseWeek, weekParam } from '../components/activity-agenda';
import { ActivityCard } from '../components/activity-card';
import { ActivityFormDialog } from '../components/activity-form-dialog';
import { ACTIVITY_FIXED_COLUMN, useActivityColumns } from '../components/activity-table';
import { ColumnsMenu } from '../../../components/records/columns-menu';
import { sortParams, withSort } from '../../../components/records/list-sort';
import { RecordTable } from '../../../components/records/record-table';
import { SavedViewsMenu, StaleViewNotice, useListView } from '../../../components/records/saved-views';
import type { FilterCodec } from '../../../lib/view-params';

type Tab = 'pending' | 'completed';
const TABS: Tab[] = ['pending', 'completed'];
type Layout = 'list' | 'agenda' | 'table';
const LAYOUTS: Layout[] = ['list', 'agenda', 'table'];

/**
 * The list's URL choices as a saved view keeps them, in the activities list's names: `type`, `tab=completed` →
 * status, an admin's `assignee` → assignedTo. The week shown and an activity open are not kept.
 */
const ACTIVITY_VIEW_CODEC: FilterCodec = {
  toView: (url) => ({
    ...(ACTIVITY_TYPES.includes(url.type as ActivityType) && { type: url.type! }),
    ...(url.tab === 'completed' && { status: 'completed' }),
    ...(url.assignee && /^\d+$/.test(url.assignee) && { assignedTo: Number(url.assignee) }),
  }),
  toUrl: (filters) => ({
    ...(filters.type !== undefined && { type: String(filters.type) }),
    ...(filters.status === 'completed' && { tab: 'completed' }),
    ...(filters.assignedTo !== undefined && { assignee: String(filters.assignedTo) }),
  }),
};

/** The list's choices, kept in the URL: type, tab and (admins) whose activities. */
function useActivityParams(me: User) {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type: ActivityType | 'all' = ACTIVITY_TYPES.includes(typeParam as ActivityType)
    ? (typeParam as ActivityType)
    : 'all';
  const tab: Tab = params.get('tab') === 'completed' ? 'completed' : 'pending';
  // `view=agenda` is the older link to the agenda (`view` now names a saved view).
  const layout = params.get('layout');
  const view: Layout =
    layout === 'table' ? 'table' : layout === 'agenda' || params.get('view') === 'agenda' ? 'agenda' : 'list';
  const week = parseWeek(params.get('week'));
  // A reminder's or the digest's link names one activity: it opens in the dialog.
  const linked = Number(params.get('activity'));
  const activityId = Number.isSafeInteger(linked) && linked > 0 ? linked : null;
  // Only an admin looks at someone else's activities (the server keeps the others to their own).
  const asked = Number(params.get('assignee'));
  const assignee = me.role === 'admin' && Number.isSafeInteger(asked) && asked > 0 ? asked : me.id;
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return { type, tab, view, week, activityId, assignee, set, params, setParams };
}

export function ActivitiesPage() {
  const { data: me } = useUser();
  if (!me) return null;
  return <ActivitiesScreen me={me} />;
}

function ActivitiesScreen({ me }: { me: User }) {
  const { t } = useTranslation();
  const { type, tab, view, week, activityId, assignee, set, params, setParams } = useActivityParams(me);
  const linked = useActivity(activityId);
  const isAdmin = me.role === 'admin';
  const people = useUserChoices(isAdmin);
  const [editing, setEditing] = useState<Activity | null | undefined>(undefined);
  // The activity being completed: its outcome and a note are asked first (or skipped).
  const [completing, setCompleting] = useState<Activity | null>(null);
  const filters = { assignedTo: assignee, type };
  const counts = useActivityCounts(filters);
  const views = useListView('activity', 'list', ACTIVITY_VIEW_CODEC);
  const columns = useActivityColumns(me, setEditing);
  const table = view === 'table';
  // The table's order: one of its sortable columns; the list's own: the tab's (soonest due, latest completed).
  const sorted = table
    ? sortParams(
        params,
        columns.flatMap((column) => column.sortKey ?? []),
      )
    : {};
  const list = useActivities({
    ...filters,
    status: tab,
    // The columns' sort keys are the API's sortable columns.
    ...(sorted.sort
      ? { sort: sorted.sort as NonNullable<ActivityFilters['sort']>, order: sorted.order }
      : { order: tab === 'pending' ? 'due' : 'completed' }),
  });
  const agenda = view === 'agenda';
  const setStatus = useSetActivityStatus();

  const toggle = (activity: Activity) => {
    if (activity.status === 'pending') setCompleting(activity);
    else setStatusOf(activity);
  };

  const setStatusOf = (activity: Activity) => {
    const status = activity.status === 'pending' ? 'completed' : 'pending';
    const change = (to: typeof status, from: Activity) =>
      setStatus.mutateAsync({ activity: from, status: to }).catch((error: unknown) => {
        toast({ variant: 'destructive', title: t('activities.toggleFailed'), description: errorMessage(error, t) });
        throw error;
      });
    void change(status, activity).then(
      (changed) =>
        toast({
          title:
            status === 'completed'
              ? t('activities.completed', { subject: activity.subject })
              : t('activities.reopened', { subject: activity.subject }),
          action: {
            label: t('activities.undo'),
            altText: t('activities.undoHint'),
            onClick: () => void change(activity.status, changed).catch(() => undefined),
          },
        }),
      () => undefined,
    );
  };

  return (
    <div>
      <PageHeader
        title={t('activities.title')}
        description={t('activities.subtitle')}
        actions={
          <>
            {/* In the heading's row: the agenda below fills the window's height. */}
            <SavedViewsMenu entity="activity" allLabel={t('activities.table.allView')} list={views} />
            {table && (
              <ColumnsMenu
                all={columns}
                fixed={ACTIVITY_FIXED_COLUMN}
                chosen={views.state.columns}
                onChange={views.setColumns}
              />
            )}
            <div role="group" aria-label={t('activities.view')} className="flex rounded-md border border-border p-0.5">
              {LAYOUTS.map((option) => (
                <Button
                  key={option}
                  size="sm"
                  variant={view === option ? 'secondary' : 'ghost'}
                  aria-pressed={view === option}
                  onClick={() =>
                    setParams(
                      (current) => {
                        const next = new URLSearchParams(current);
                        if (next.get('view') === 'agenda') next.delete('view');
                        if (option === 'list') next.delete('layout');
                        else next.set('layout', option);
                        return next;
                      },
                      { replace: true },
                    )
                  }
                >
                  {t(`activities.views.${option}`)}
                </Button>
              ))}
            </div>
            <Button onClick={() => setEditing(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('activities.new')}
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div role="group" aria-label={t('activities.typeFilter')} className="flex flex-wrap gap-1.5">
          {(['all', ...ACTIVITY_TYPES] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={type === option ? 'primary' : 'outline'}
              aria-pressed={type === option}
              onClick={() => set('type', option === 'all' ? null : option)}
            >
              {option === 'all' ? t('activities.allTypes') : t(`activityForm.types.${option}`)}
            </Button>
          ))}
        </div>
        {isAdmin && people.data && (
          <div className="grid w-full gap-1.5 sm:w-64">
            <label htmlFor="activities-assignee" className="text-sm font-medium text-foreground">
              {t('activities.whose')}
            </label>
            <Select
              id="activities-assignee"
              value={String(assignee)}
              onValueChange={(value) => set('assignee', Number(value) === me.id ? null : value)}
              options={people.data.items.map((user) => ({
                value: String(user.id),
                label: user.id === me.id ? t('activities.mine', { name: user.name }) : user.name,
              }))}
            />
          </div>
        )}
      </div>
      <StaleViewNotice list={views} />
      {agenda ? (
        <ActivityAgenda
          monday={week}
          assignee={assignee}
          type={type}
          onWeek={(monday) => set('week', weekParam(monday))}
          onOpen={setEditing}
        />
      ) : (
        <>
          <div role="tablist" aria-label={t('activities.tabs')} className="mb-4 flex gap-1 border-b border-border">
            {TABS.map((option) => (
              <button
                key={option}
                type="button"
                role="tab"
                id={`activities-tab-${option}`}
                aria-selected={tab === option}
                aria-controls="activities-panel"
                onClick={() => set('tab', option === 'pending' ? null : option)}
                className={cn(
                  '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium focus-ring',
                  tab === option
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {t(`activities.tab.${option}`)}
                <span
                  className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground"
                  data-testid={`count-${option}`}
                >
                  {counts.data ? formatInteger(counts.data[option]) : '…'}
                </span>
              </button>
            ))}
          </div>
          <div role="tabpanel" id="activities-panel" aria-labelledby={`activities-tab-${tab}`}>
            {list.isPending ? (
              <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
                <Spinner />
                {t('common.loading')}
              </p>
            ) : list.isError ? (
              <p role="alert" className="text-sm text-danger">
                {errorMessage(list.error, t)}
              </p>
            ) : table ? (
              <RecordTable
                label={t('activities.table.list')}
                fixed={ACTIVITY_FIXED_COLUMN}
                items={list.data.pages.flatMap((page) => page.items)}
                keyOf={(activity) => activity.id}
                total={list.data.pages[0]?.total}
                sort={sorted.sort}
                order={sorted.order}
                onSort={(sort, order) => setParams(withSort(sort, order))}
                hasMore={list.hasNextPage}
                loadingMore={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                loadingMoreLabel={t('activities.table.loadingMore')}
                sentinelTestId="activities-sentinel"
                all={columns}
                chosen={views.state.columns}
                onColumnsChange={views.setColumns}
              />
            ) : (
              <ActivityList
                tab={tab}
                items={list.data.pages.flatMap((page) => page.items)}
                hasMore={list.hasNextPage}
                loadingMore={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                onOpen={setEditing}
                onToggle={toggle}
              />
            )}
          </div>
        </>
      )}
      {completing && (
        <CompleteActivityDialog
          activity={completing}
          onSkip={() => setStatusOf(completing)}
          onClose={() => setCompleting(null)}
        />
      )}
      {editing !== undefined ? (
        <ActivityFormDialog
          activity={editing}
          me={me}
          onClose={() => setEditing(undefined)}
          onComplete={(activity) => {
            setEditing(undefined);
            setCompleting(activity);
          }}
        />
      ) : (
        linked.data && (
          <ActivityFormDialog
            key={linked.data.id}
            activity={linked.data}
            me={me}
            onClose={() => set('activity', null)}
            onComplete={(activity) => {
              set('activity', null);
              setCompleting(activity);
            }}
          />
        )
      )}
    </div>
  );
}

interface ActivityListProps {
  tab: Tab;
  items: Activity[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (activity: Activity) => void;
  onToggle: (activity: Activity) => void;
}

/** Pending in groups (overdue, today, tomorrow, later, undated) or completed latest first; the end of the list asks for more. */
function ActivityList({ tab, items, hasMore, loadingMore, onLoadMore, onOpen, onToggle }: ActivityListProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loadingMore) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && loadMore.current(),
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, items.length]);

  if (items.length === 0)
    return (
      <EmptyState icon={CalendarCheck} title={t('activities.empty')} description={t(`activities.emptyFor.${tab}`)} />
    );
  const now = new Date();
  const sections = tab === 'pending' ? groupPending(items, now) : [{ group: 'completed' as const, items }];
  return (
    <div className="grid gap-6">
      {sections.map((section) => (
        <section
          key={section.group}
          aria-labelledby={`activities-group-${section.group}`}
          data-testid={`group-${section.group}`}
        >
          <h2
            id={`activities-group-${section.group}`}
            className={cn(
              'mb-2 text-sm font-semibold',
              section.group === 'overdue' ? 'text-danger' : 'text-muted-foreground',
            )}
          >
            {t(`activities.groups.${section.group}`)}
          </h2>
          <ul className="grid gap-2">
            {section.items.map((activity) => (
              <ActivityCard
                key={activity.id}
                activity={activity}
                overdue={isOverdue(activity, now.getTime())}
                onOpen={onOpen}
                onToggle={onToggle}
              />
            ))}
          </ul>
        </section>
      ))}
      <div ref={sentinel} aria-hidden="true" />
      {loadingMore && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}
