export const REPORT_PERIODS = [7, 30, 90, 365] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_CATEGORIES = ['all', 'sales', 'contacts', 'activities', 'performance'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** The figures of a metric card, for one window: the period, or the one of the same length just before it. */
export interface CardFigures {
  /** Deals in a won stage closed within the window. */
  salesWon: { count: number; value: string };
  /** Contacts not inactive that were created or changed within the window. */
  activeContacts: number;
  /** Won / (won + lost) among deals closed within the window, in percent with one decimal; null when none closed. */
  conversionRate: number | null;
  /** Activities completed within the window. */
  completedActivities: number;
  /** Won value / won count; null when nothing was won. */
  averageTicket: string | null;
  /** Deals created within the window: what entered the sales funnel. */
  newDeals: number;
}

export const CARD_KEYS = [
  'salesWon',
  'activeContacts',
  'conversionRate',
  'completedActivities',
  'averageTicket',
  'newDeals',
] as const satisfies readonly (keyof CardFigures)[];
export type CardKey = (typeof CARD_KEYS)[number];

/** One salesperson's results within the period (deals by owner, activities by assignee). */
export interface SalespersonFigures {
  userId: number;
  name: string;
  wonCount: number;
  wonValue: string;
  /** Won / (won + lost) of their deals closed within the period, in percent; null when none closed. */
  conversionRate: number | null;
  activitiesDone: number;
}

/** Money is a decimal string with two places, as everywhere else. */
export interface ReportFigures extends CardFigures {
  /** The same card figures for the window of the same length just before the period. */
  previous: CardFigures;
  /**
   * Each card's change against the previous window, in percent with one decimal (conversion rate: in
   * percentage points); null when the previous figure is zero or absent, so no change can be told.
   */
  changes: Record<CardKey, number | null>;
  /** Deals created within the period, by the stage they are in now, in pipeline order (empty stages included). */
  funnel: { pipeline: string; stage: string; kind: string; count: number; value: string }[];
  /** Won deals by close date: days for 7 and 30 days, weeks for 90, months for 365 (UTC, every bucket listed). */
  wonOverTime: { bucket: string; count: number; value: string }[];
  /** Activities created within the period, by type, and how many of them are completed. */
  activitiesByType: { type: string; total: number; completed: number }[];
  /** Activities created within the period, by assignee (null: unassigned). */
  activitiesByPerson: { userId: number | null; name: string | null; total: number; completed: number }[];
  /** Per salesperson, best won value first (at most PERFORMANCE_LIMIT people). */
  performance: SalespersonFigures[];
}

export const PERFORMANCE_LIMIT = 50;

export interface ReportSnapshot {
  periodDays: ReportPeriod;
  /** The pipeline whose deals the figures count; null: every pipeline's. */
  pipeline: string | null;
  figures: ReportFigures;
  computedAt: Date;
  durationMs: number;
}

/** Which figures each category filter of the reports screen shows (previous and changes go with every one). */
export const CATEGORY_FIGURES: Record<Exclude<ReportCategory, 'all'>, readonly (keyof ReportFigures)[]> = {
  sales: ['salesWon', 'averageTicket', 'conversionRate', 'newDeals', 'funnel', 'wonOverTime'],
  contacts: ['activeContacts', 'conversionRate'],
  activities: ['completedActivities', 'activitiesByType', 'activitiesByPerson'],
  performance: ['salesWon', 'conversionRate', 'completedActivities', 'performance'],
};

export function figuresOf(figures: ReportFigures, category: ReportCategory): Partial<ReportFigures> {
  if (category === 'all') return figures;
  const keys = [...CATEGORY_FIGURES[category], 'previous', 'changes'] as const;
  return Object.fromEntries(keys.map((key) => [key, figures[key]]));
}

const numberOf = (figure: CardFigures[CardKey]): number | null => {
  if (figure === null) return null;
  if (typeof figure === 'object') return Number(figure.value);
  return Number(figure);
};

/** Each card's change from `previous` to `current` (see ReportFigures.changes). */
export function cardChanges(current: CardFigures, previous: CardFigures): Record<CardKey, number | null> {
  const round = (n: number) => Math.round(n * 10) / 10;
  return Object.fromEntries(
    CARD_KEYS.map((key) => {
      const now = numberOf(current[key]);
      const before = numberOf(previous[key]);
      if (key === 'conversionRate') return [key, now === null || before === null ? null : round(now - before)];
      if (before === null || before === 0) return [key, null];
      return [key, round((100 * ((now ?? 0) - before)) / before)];
    }),
  ) as Record<CardKey, number | null>;
}

/** The four quick reports of the reports screen, each a live, bounded view. */
export const QUICK_REPORTS = ['sales-by-salesperson', 'forecast', 'overdue-activities', 'lead-sources'] as const;
export type QuickReportName = (typeof QUICK_REPORTS)[number];

/** Every quick report lists at most this many rows (people, sources); the rest is summed in no row. */
export const QUICK_REPORT_LIMIT = 100;

/** Deals closed within the period, by owner (null: no owner), best won value first. */
export interface SalesBySalespersonRow {
  userId: number | null;
  name: string | null;
  wonCount: number;
  wonValue: string;
  lostCount: number;
  conversionRate: number | null;
  averageTicket: string | null;
}

/**
 * Open deals by expected close month: overdue (before this month), this month and the next eleven, later,
 * and undated. Weighted value is value × the deal's probability / 100.
 */
export interface ForecastRow {
  bucket: 'overdue' | 'month' | 'later' | 'undated';
  /** YYYY-MM for a month bucket, else null. */
  month: string | null;
  count: number;
  value: string;
  weightedValue: string;
}

/** Pending activities whose due date has passed, by assignee (null: unassigned), most overdue first. */
export interface OverdueActivitiesRow {
  userId: number | null;
  name: string | null;
  count: number;
  oldestDueDate: Date;
}

/** Contacts created within the period by source (null: none given), and how many of them are customers now. */
export interface LeadSourceRow {
  source: string | null;
  contacts: number;
  customers: number;
  /** customers / contacts in percent with one decimal. */
  conversionRate: number;
}

export interface QuickReportRows {
  'sales-by-salesperson': SalesBySalespersonRow[];
  forecast: ForecastRow[];
  'overdue-activities': OverdueActivitiesRow[];
  'lead-sources': LeadSourceRow[];
}

/** The periods a quick report honours: the forecast and overdue activities look at what is open now. */
export const QUICK_REPORT_USES_PERIOD: Record<QuickReportName, boolean> = {
  'sales-by-salesperson': true,
  forecast: false,
  'overdue-activities': false,
  'lead-sources': true,
};

/** Which quick reports count deals, and so take a pipeline (the others count activities and contacts). */
export const QUICK_REPORT_USES_PIPELINE: Record<QuickReportName, boolean> = {
  'sales-by-salesperson': true,
  forecast: true,
  'overdue-activities': false,
  'lead-sources': false,
};
