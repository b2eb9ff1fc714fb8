export const REPORT_PERIODS = [7, 30, 90, 365] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_CATEGORIES = ['all', 'sales', 'contacts', 'activities', 'performance'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Money is a decimal string with two places, as everywhere else. */
export interface ReportFigures {
  /** Deals in a won stage closed within the period. */
  salesWon: { count: number; value: string };
  /** Contacts not inactive that were created or changed within the period. */
  activeContacts: number;
  /** Won / (won + lost) among deals closed within the period, in percent with one decimal; null when none closed. */
  conversionRate: number | null;
  /** Activities completed within the period. */
  completedActivities: number;
  /** Won value / won count; null when nothing was won. */
  averageTicket: string | null;
  /** Deals created within the period, by the stage they are in now, in pipeline order (empty stages included). */
  funnel: { pipeline: string; stage: string; kind: string; count: number; value: string }[];
  /** Won deals by close date: days for 7 and 30 days, weeks for 90, months for 365 (UTC, every bucket listed). */
  wonOverTime: { bucket: string; count: number; value: string }[];
  /** Activities created within the period, by type, and how many of them are completed. */
  activitiesByType: { type: string; total: number; completed: number }[];
  /** Activities created within the period, by assignee (null: unassigned). */
  activitiesByPerson: { userId: number | null; name: string | null; total: number; completed: number }[];
}

export interface ReportSnapshot {
  periodDays: ReportPeriod;
  figures: ReportFigures;
  computedAt: Date;
  durationMs: number;
}

/** Which figures each category filter of the reports screen shows. */
export const CATEGORY_FIGURES: Record<Exclude<ReportCategory, 'all'>, readonly (keyof ReportFigures)[]> = {
  sales: ['salesWon', 'averageTicket', 'conversionRate', 'funnel', 'wonOverTime'],
  contacts: ['activeContacts', 'conversionRate'],
  activities: ['completedActivities', 'activitiesByType'],
  performance: ['activitiesByPerson', 'salesWon', 'conversionRate'],
};

export function figuresOf(figures: ReportFigures, category: ReportCategory): Partial<ReportFigures> {
  if (category === 'all') return figures;
  return Object.fromEntries(CATEGORY_FIGURES[category].map((key) => [key, figures[key]]));
}
