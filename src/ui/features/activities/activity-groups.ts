import type { Activity } from './api/get-activities';

export const PENDING_GROUPS = ['overdue', 'today', 'tomorrow', 'later', 'undated'] as const;
export type PendingGroup = (typeof PENDING_GROUPS)[number];

const startOfDay = (now: Date, plusDays: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + plusDays).getTime();

/** Where a pending activity goes on the list, by its due date against now in the viewer's time zone. */
export function pendingGroupOf(activity: Pick<Activity, 'dueDate'>, now: Date): PendingGroup {
  if (!activity.dueDate) return 'undated';
  const due = new Date(activity.dueDate).getTime();
  if (due < now.getTime()) return 'overdue';
  if (due < startOfDay(now, 1)) return 'today';
  if (due < startOfDay(now, 2)) return 'tomorrow';
  return 'later';
}

/** Pending activities (already soonest due first) in their groups, empty groups left out. */
export function groupPending(activities: Activity[], now: Date): { group: PendingGroup; items: Activity[] }[] {
  const groups = new Map<PendingGroup, Activity[]>(PENDING_GROUPS.map((group) => [group, []]));
  for (const activity of activities) groups.get(pendingGroupOf(activity, now))!.push(activity);
  return PENDING_GROUPS.map((group) => ({ group, items: groups.get(group)! })).filter(
    (entry) => entry.items.length > 0,
  );
}
