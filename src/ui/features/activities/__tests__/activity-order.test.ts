import { describe, expect, it } from 'vitest';
import { isOverdue, sortActivities } from '../activity-order';
import type { Activity } from '../api/get-activities';

const activity = (id: number, fields: Partial<Activity>): Activity =>
  ({ id, status: 'pending', dueDate: null, completedAt: null, ...fields }) as Activity;
const NOW = Date.parse('2026-05-10T12:00:00Z');

describe('activity order', () => {
  it('puts pending ones first by due date (undated last), then completed ones latest first', () => {
    const pending = [
      activity(1, { dueDate: null }),
      activity(2, { dueDate: '2026-05-12T09:00:00Z' }),
      activity(3, { dueDate: '2026-05-01T09:00:00Z' }),
    ];
    const completed = [
      activity(4, { status: 'completed', completedAt: '2026-05-02T09:00:00Z' }),
      activity(5, { status: 'completed', completedAt: '2026-05-09T09:00:00Z' }),
    ];
    expect(sortActivities(pending, completed).map((a) => a.id)).toEqual([3, 2, 1, 5, 4]);
  });

  it('marks overdue only pending activities whose due time has passed', () => {
    expect(isOverdue(activity(1, { dueDate: '2026-05-10T11:59:00Z' }), NOW)).toBe(true);
    expect(isOverdue(activity(2, { dueDate: '2026-05-10T12:01:00Z' }), NOW)).toBe(false);
    expect(isOverdue(activity(3, { dueDate: null }), NOW)).toBe(false);
    expect(isOverdue(activity(4, { status: 'completed', dueDate: '2026-05-01T00:00:00Z' }), NOW)).toBe(false);
  });
});
