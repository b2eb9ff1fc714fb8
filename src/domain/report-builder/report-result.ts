import { isTimeGrouping, type ReportDefinition } from './report-definition';

export interface ReportGroup {
  /** The group's value: a stage, a user id, a source, a status, a type, a week's Monday (YYYY-MM-DD) or a month (YYYY-MM); null: none (no owner, no source) or the "other" group. */
  key: string | null;
  /** What to show: the stage or owner's name; otherwise the key. */
  label: string | null;
  /** The groups beyond the limit, summed. */
  other: boolean;
  /** Records in the group. */
  count: number;
  /** The measure: a count as an integer string, money as a decimal string; null for an average of nothing. */
  value: string | null;
}

export interface ReportResult {
  definition: ReportDefinition;
  groups: ReportGroup[];
  /** Every record the definition matched, measured as a whole. */
  total: { count: number; value: string | null };
  /** How many groups were summed into the "other" group (0: none). */
  otherGroups: number;
  /** The window read: (since, until]; since null for all time. */
  since: Date | null;
  until: Date;
}

const DAY_MS = 86_400_000;

export const periodStart = (definition: ReportDefinition, now: Date): Date | null =>
  definition.periodDays === null ? null : new Date(now.getTime() - definition.periodDays * DAY_MS);

/** The week (Monday, as PostgreSQL's date_trunc) or month keys from `since` to `until`, in UTC. */
export function bucketKeys(groupBy: 'week' | 'month', since: Date, until: Date): string[] {
  const keys: string[] = [];
  const cursor = new Date(
    Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), groupBy === 'month' ? 1 : since.getUTCDate()),
  );
  if (groupBy === 'week') cursor.setUTCDate(cursor.getUTCDate() - ((cursor.getUTCDay() + 6) % 7));
  while (cursor.getTime() <= until.getTime()) {
    const iso = cursor.toISOString();
    keys.push(groupBy === 'month' ? iso.slice(0, 7) : iso.slice(0, 10));
    if (groupBy === 'month') cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCDate(cursor.getUTCDate() + 7);
  }
  return keys;
}

const emptyValue = (measure: ReportDefinition['measure']): string | null =>
  measure === 'count' ? '0' : measure === 'averageValue' ? null : measure.startsWith('customFields.') ? '0' : '0.00';

/**
 * Groups in reading order: stages in pipeline order (as the repository sorts them), weeks and months in
 * time order with the empty ones of a bounded period listed (a line chart must not skip a quiet week),
 * the rest largest first; "other" last.
 */
export function arrangeGroups(
  definition: ReportDefinition,
  groups: ReportGroup[],
  since: Date | null,
  until: Date,
): ReportGroup[] {
  const other = groups.filter((g) => g.other);
  const named = groups.filter((g) => !g.other);
  if (!isTimeGrouping(definition.groupBy)) return [...named, ...other];
  const byKey = new Map(named.map((g) => [g.key, g]));
  const keys = since && other.length === 0 ? bucketKeys(definition.groupBy, since, until) : [];
  for (const key of keys) {
    if (!byKey.has(key))
      byKey.set(key, { key, label: key, other: false, count: 0, value: emptyValue(definition.measure) });
  }
  const inTime = [...byKey.values()].sort((a, b) => String(a.key).localeCompare(String(b.key)));
  return [...other, ...inTime];
}
