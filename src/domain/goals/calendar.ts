import { localClock, nextLocalMidnight } from '../notifications/digest-message';

/** A month as people name it: 'YYYY-MM', from 1900 to 2999 (Date.UTC reads the years 0 to 99 as 1900 to 1999). */
export const MONTH_PATTERN = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;

/** [since, until): instants, the first included, the last not. */
export interface Window {
  since: Date;
  until: Date;
}

export interface MonthWindow extends Window {
  month: string;
  daysInMonth: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const HOUR_MS = 3600_000;

/**
 * The instant a local day begins in the time zone (its midnight): the midnight after an instant of the day
 * before. Day and month may overflow (the 32nd is the next month's 1st), as Date.UTC allows.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const dayBefore = new Date(Date.UTC(year, month - 1, day - 1));
  // Noon UTC is on that local day from UTC-12 to UTC+11; twelve hours earlier where the zone is further ahead.
  let instant = new Date(dayBefore.getTime() + 12 * HOUR_MS);
  if (localClock(instant, timeZone).date !== dayBefore.toISOString().slice(0, 10))
    instant = new Date(instant.getTime() - 12 * HOUR_MS);
  return nextLocalMidnight(instant, timeZone);
}

/** The month `now` is in, in the time zone. */
export function monthOf(now: Date, timeZone: string): string {
  const local = localClock(now, timeZone);
  return `${local.year}-${pad(local.month)}`;
}

/** The month `count` months after `month` (before, when negative). */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + count, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

/** A month from its local midnight of the 1st to that of the next month's 1st. */
export function monthWindow(month: string, timeZone: string): MonthWindow {
  const [year, index] = month.split('-').map(Number);
  return {
    month,
    since: startOfLocalDay(year, index, 1, timeZone),
    until: startOfLocalDay(year, index + 1, 1, timeZone),
    daysInMonth: new Date(Date.UTC(year, index, 0)).getUTCDate(),
  };
}

/**
 * The days of `month` gone by on `now`, today counted: every day of a past month, none of a future one. Pace is
 * where a goal stands at the end of today.
 */
export function elapsedDays(month: string, now: Date, timeZone: string): number {
  const current = monthOf(now, timeZone);
  if (month < current) return monthWindow(month, timeZone).daysInMonth;
  if (month > current) return 0;
  return localClock(now, timeZone).day;
}

/** This week, Monday's local midnight to next Monday's. */
export function weekWindow(now: Date, timeZone: string): Window {
  const local = localClock(now, timeZone);
  const monday = local.day - (local.weekday - 1);
  return {
    since: startOfLocalDay(local.year, local.month, monday, timeZone),
    until: startOfLocalDay(local.year, local.month, monday + 7, timeZone),
  };
}

/** The month's first day and the next month's first day, YYYY-MM-DD (for date columns such as a close date). */
export function monthDays(month: string): { first: string; next: string } {
  return { first: `${month}-01`, next: `${addMonths(month, 1)}-01` };
}
