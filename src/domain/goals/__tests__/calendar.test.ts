import { describe, expect, it } from 'vitest';
import { addMonths, elapsedDays, monthOf, monthWindow, startOfLocalDay, weekWindow } from '../calendar';

describe('the viewer’s calendar', () => {
  it('finds a local midnight in zones behind, at and far ahead of UTC, and across a DST change', () => {
    expect(startOfLocalDay(2026, 11, 1, 'America/Sao_Paulo').toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 1, 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 1, 'Etc/GMT+12').toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 1, 'Pacific/Auckland').toISOString()).toBe('2026-10-31T11:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 1, 'Pacific/Kiritimati').toISOString()).toBe('2026-10-31T10:00:00.000Z');
    expect(startOfLocalDay(2026, 3, 8, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay(2026, 3, 9, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Overflowing days and months roll over.
    expect(startOfLocalDay(2026, 12, 32, 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('tells months, weeks (Monday to Monday) and elapsed days in the time zone', () => {
    const now = new Date('2026-11-18T02:30:00Z'); // Tuesday the 17th, 23:30, in São Paulo
    expect(monthOf(new Date('2026-12-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-11');
    expect(monthWindow('2026-12', 'America/Sao_Paulo')).toEqual({
      month: '2026-12',
      since: new Date('2026-12-01T03:00:00Z'),
      until: new Date('2027-01-01T03:00:00Z'),
      daysInMonth: 31,
    });
    expect(monthWindow('2028-02', 'UTC').daysInMonth).toBe(29);
    expect(weekWindow(now, 'America/Sao_Paulo')).toEqual({
      since: new Date('2026-11-16T03:00:00Z'),
      until: new Date('2026-11-23T03:00:00Z'),
    });
    expect(weekWindow(new Date('2026-11-22T12:00:00Z'), 'UTC')).toEqual({
      since: new Date('2026-11-16T00:00:00Z'),
      until: new Date('2026-11-23T00:00:00Z'),
    });
    expect([elapsedDays('2026-11', now, 'America/Sao_Paulo'), elapsedDays('2026-11', now, 'UTC')]).toEqual([17, 18]);
    expect([elapsedDays('2026-10', now, 'UTC'), elapsedDays('2026-12', now, 'UTC')]).toEqual([31, 0]);
    expect([addMonths('2026-11', 2), addMonths('2026-01', -1)]).toEqual(['2027-01', '2025-12']);
  });
});
