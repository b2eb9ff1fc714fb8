/** Where a card lands among a column's loaded cards (the moved card left out), as the server's `position`. */
export function positionAt(cards: { position: number }[], index: number, more: boolean): number | undefined {
  const before = cards[index - 1];
  const after = cards[index];
  if (before && after) return (before.position + after.position) / 2;
  if (after) return after.position - 1;
  // After the last loaded card: the server puts it last when nothing more is to load.
  if (before) return more ? before.position + (1 - 1e-6) / 2 : undefined;
  return undefined;
}

/** Initials from a name: first letters of the first and last words. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** YYYY-MM-DD as dd/MM/yyyy. */
export const formatDay = (day: string | null | undefined): string | null => {
  const match = day && /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
};

/** Today as YYYY-MM-DD in the viewer's time zone, shifted by `days`. */
export const localDay = (days = 0, now = new Date()): string => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The badges a card shows; a closed deal (won or lost stage) shows none. */
export function cardFlags(
  deal: { expectedCloseDate: string | null; hasPendingActivity: boolean; updatedAt: string },
  stage: { kind: string; staleDays: number } | undefined,
  now = new Date(),
): { overdue: boolean; noActivity: boolean; stale: boolean } {
  if (!stage || stage.kind !== 'open') return { overdue: false, noActivity: false, stale: false };
  const overdue = deal.expectedCloseDate !== null && deal.expectedCloseDate < localDay(0, now);
  const stale = now.getTime() - new Date(deal.updatedAt).getTime() > stage.staleDays * 86_400_000;
  return { overdue, noActivity: !deal.hasPendingActivity, stale };
}
