import type { Activity } from './api/get-activities';

const time = (value: string | null) => (value ? new Date(value).getTime() : Number.POSITIVE_INFINITY);

/** Pending ones by due date (the most overdue first, undated last); completed ones latest first. */
export function sortActivities(pending: Activity[], completed: Activity[]): Activity[] {
  return [
    ...[...pending].sort((a, b) => time(a.dueDate) - time(b.dueDate) || a.id - b.id),
    ...[...completed].sort((a, b) => time(b.completedAt) - time(a.completedAt) || b.id - a.id),
  ];
}

export const isOverdue = (activity: Pick<Activity, 'status' | 'dueDate'>, now: number): boolean =>
  activity.status === 'pending' && activity.dueDate !== null && new Date(activity.dueDate).getTime() < now;
