import { describe, expect, it } from 'vitest';
import { cardFlags, formatDay, initialsOf, localDay, positionAt } from '../board-position';

describe('positionAt', () => {
  const cards = [{ position: 1 }, { position: 2 }, { position: 4 }];
  it('is the midpoint between the new neighbours', () => {
    expect(positionAt(cards, 1, false)).toBe(1.5);
    expect(positionAt(cards, 2, false)).toBe(3);
  });
  it('goes before the first card, or lets the server put it last', () => {
    expect(positionAt(cards, 0, false)).toBe(0);
    expect(positionAt(cards, 3, false)).toBeUndefined();
    expect(positionAt([], 0, false)).toBeUndefined();
  });
  it('stays between the last loaded card and the unloaded ones when the column has more', () => {
    const position = positionAt(cards, 3, true)!;
    expect(position).toBeGreaterThan(4);
    expect(position).toBeLessThan(4.5);
  });
});

describe('card badges', () => {
  const now = new Date(2026, 10, 23, 10, 0);
  const open = { kind: 'open', staleDays: 14 };
  const fresh = {
    expectedCloseDate: '2026-11-23',
    hasPendingActivity: true,
    updatedAt: new Date(2026, 10, 20).toISOString(),
  };
  it('marks a passed close date, no planned activity and idleness beyond the stage days', () => {
    expect(cardFlags(fresh, open, now)).toEqual({ overdue: false, noActivity: false, stale: false });
    expect(cardFlags({ ...fresh, expectedCloseDate: '2026-11-22' }, open, now).overdue).toBe(true);
    expect(cardFlags({ ...fresh, hasPendingActivity: false }, open, now).noActivity).toBe(true);
    expect(cardFlags({ ...fresh, updatedAt: new Date(2026, 10, 8).toISOString() }, open, now).stale).toBe(true);
    expect(cardFlags({ ...fresh, updatedAt: new Date(2026, 10, 10).toISOString() }, open, now).stale).toBe(false);
  });
  it('shows none on a closed deal', () => {
    expect(
      cardFlags(
        { ...fresh, expectedCloseDate: '2020-01-01', hasPendingActivity: false },
        { kind: 'won', staleDays: 1 },
        now,
      ),
    ).toEqual({ overdue: false, noActivity: false, stale: false });
  });
});

describe('formatting', () => {
  it('turns names into initials and days into dd/MM/yyyy', () => {
    expect(initialsOf('Ana Maria Souza')).toBe('AS');
    expect(initialsOf('paula')).toBe('P');
    expect(initialsOf(null)).toBe('');
    expect(formatDay('2030-03-15')).toBe('15/03/2030');
    expect(formatDay(null)).toBeNull();
    expect(localDay(30, new Date(2026, 10, 23))).toBe('2026-12-23');
  });
});
