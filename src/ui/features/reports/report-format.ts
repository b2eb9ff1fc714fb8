const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** 66,7% — numbers in pt-BR style whatever the language, like money and dates (SPEC §1). */
export const formatPercent = (value: number): string => `${oneDecimal.format(value)}%`;

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

/** A card's change: +12,5% / −3% (or p.p. for a rate); null when the server could not tell one. */
export function describeChange(
  change: number | null,
  points = false,
): { direction: ChangeDirection; text: string | null } {
  if (change === null) return { direction: 'none', text: null };
  const direction: ChangeDirection = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return { direction, text: `${sign}${oneDecimal.format(Math.abs(change))}${points ? ' p.p.' : '%'}` };
}

/**
 * A time bucket of the won-over-time chart: dd/MM for days and weeks (the week's Monday), MM/yyyy for months.
 * Buckets are UTC dates as YYYY-MM-DD.
 */
export function bucketLabel(bucket: string, period: number): string {
  const [year, month, day] = bucket.split('-');
  return period >= 365 ? `${month}/${year}` : `${day}/${month}`;
}

/** A forecast month YYYY-MM as MM/yyyy. */
export const monthLabel = (month: string): string => {
  const [year, m] = month.split('-');
  return `${m}/${year}`;
};
