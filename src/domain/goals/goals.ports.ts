import type { MonthWindow } from './calendar';
import type { GoalFigures, GoalInput, GoalTargets } from './goal';

export interface Person {
  userId: number;
  userName: string;
}

export interface PersonMonth {
  goal: GoalTargets | null;
  actual: GoalFigures;
}

/** `month:userId`, the key of the maps below. */
export const goalKey = (month: string, userId: number) => `${month}:${userId}`;

/**
 * Goals are per pipeline: `pipeline` a key counts that pipeline's won deals against that pipeline's goals; null, every
 * pipeline's against the goals for all of them. Activities belong to no pipeline: a person's done activities either way.
 */
export interface GoalRepository {
  /** The people a month lists: every active user and whoever has a goal that month (for the pipeline), by name. */
  people(month: string, pipeline: string | null): Promise<Person[]>;
  /** A user, active or not; null when there is none. */
  person(userId: number): Promise<Person | null>;
  /** Of these ids, the ones that are users. */
  existingUsers(ids: number[]): Promise<Set<number>>;
  /** Each person's goal (null: none) and what they did, in each window, by goalKey: one entry each. */
  months(windows: MonthWindow[], userIds: number[], pipeline: string | null): Promise<Map<string, PersonMonth>>;
  /** The month's goals (for the pipeline) become these; anyone else's goal of that month and pipeline goes. */
  replace(month: string, pipeline: string | null, items: GoalInput[], updatedBy: number): Promise<void>;
}

/** The viewer's time zone, from their notification settings. */
export interface TimeZoneSource {
  settings(userId: number): Promise<{ timeZone: string }>;
}
