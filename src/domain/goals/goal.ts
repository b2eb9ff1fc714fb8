/** What an admin sets for a person and a month; the counts are optional. Money in BRL, as a number. */
export interface GoalTargets {
  wonValue: number;
  wonCount: number | null;
  activitiesDone: number | null;
}

/**
 * What a person did in a month, counted as the reports count: deals they own in a won stage closed within the
 * month, and activities assigned to them completed within it.
 */
export interface GoalFigures {
  wonValue: number;
  wonCount: number;
  activitiesDone: number;
}

/** Where the won value should stand today: the goal × elapsed days / days in the month; null without a goal. */
export interface GoalPace {
  wonValue: number | null;
}

export interface GoalItem {
  userId: number;
  userName: string;
  goal: GoalTargets | null;
  actual: GoalFigures;
  pace: GoalPace;
}

export interface MonthGoals {
  month: string;
  /** Whose goals and won deals: one pipeline's (its key), or every pipeline's (null). */
  pipeline: string | null;
  daysInMonth: number;
  /** Today's day for the current month; every day for a past month, 0 for a future one. */
  dayOfMonth: number;
  items: GoalItem[];
}

/** One month of a person's history. */
export interface GoalHistoryMonth {
  month: string;
  daysInMonth: number;
  goal: GoalTargets | null;
  actual: GoalFigures;
  pace: GoalPace;
}

export interface GoalHistory {
  userId: number;
  userName: string;
  /** Whose goals and won deals: one pipeline's (its key), or every pipeline's (null). */
  pipeline: string | null;
  items: GoalHistoryMonth[];
}

/** A line of the body that replaces a month's goals. */
export interface GoalInput {
  userId: number;
  wonValue: number;
  wonCount?: number | null;
  activitiesDone?: number | null;
}

/** The team's figures: the people's goals and figures added up (null when nobody has a goal). */
export interface GoalSummary {
  goal: GoalTargets | null;
  actual: GoalFigures;
  pace: GoalPace;
}

export const GOAL_HISTORY_MONTHS_MAX = 24;
/** Money keeps its cents: a sum of numbers rounded to two places. */
export const roundMoney = (n: number): number => Math.round(n * 100) / 100;

export const NO_FIGURES: GoalFigures = { wonValue: 0, wonCount: 0, activitiesDone: 0 };

/** Pace for a goal: `elapsed` of `days` days gone by. */
export function paceOf(goal: GoalTargets | null, elapsed: number, days: number): GoalPace {
  return { wonValue: goal ? roundMoney((goal.wonValue * elapsed) / days) : null };
}

/** The team's line: the goals added up (a count only when somebody set one), the figures added up. */
export function sumGoals(items: Pick<GoalItem, 'goal' | 'actual'>[], elapsed: number, days: number): GoalSummary {
  const goals = items.flatMap((item) => (item.goal ? [item.goal] : []));
  const total = (values: (number | null)[]) =>
    values.some((v) => v !== null) ? values.reduce<number>((sum, v) => sum + (v ?? 0), 0) : null;
  const goal = goals.length
    ? {
        wonValue: roundMoney(goals.reduce((sum, g) => sum + g.wonValue, 0)),
        wonCount: total(goals.map((g) => g.wonCount)),
        activitiesDone: total(goals.map((g) => g.activitiesDone)),
      }
    : null;
  const actual = {
    wonValue: roundMoney(items.reduce((sum, i) => sum + i.actual.wonValue, 0)),
    wonCount: items.reduce((sum, i) => sum + i.actual.wonCount, 0),
    activitiesDone: items.reduce((sum, i) => sum + i.actual.activitiesDone, 0),
  };
  return { goal, actual, pace: paceOf(goal, elapsed, days) };
}
