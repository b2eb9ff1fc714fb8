import { inject, injectable } from 'inversify';
import type { MonthWindow } from '../../domain/goals/calendar';
import type { GoalInput } from '../../domain/goals/goal';
import { goalKey, type GoalRepository, type Person, type PersonMonth } from '../../domain/goals/goals.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { arrayBinding } from '../db/array-binding';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/**
 * Each person's goal and what they did in each window, counted as the reports count it (knex-report.repository.ts):
 * deals they own in a won stage closed within the window (deals_closed_at_index), activities assigned to them
 * completed within it (status named, so that activities_assignee_status_completed_index answers per person from
 * the index: ten times faster than the completed_at index's heap rows at 100,000 completed activities); won deals and
 * goals of one pipeline, or of every pipeline (null). Bindings: the pipeline, months, since, until (arrays), then the
 * user ids three times.
 */
const MONTHS = `
  WITH chosen AS (SELECT ?::text AS pipeline),
  w AS (SELECT * FROM unnest(?::text[], ?::timestamptz[], ?::timestamptz[]) AS w(month, since, until)),
  p AS (SELECT unnest(?::int[]) AS user_id),
  won AS (
    SELECT w.month, d.owner_id AS user_id, count(*)::int AS won_count, sum(d.value) AS won_value
    FROM w
    JOIN deals d ON d.closed_at >= w.since AND d.closed_at < w.until
    JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage AND s.kind = 'won'
    WHERE d.owner_id = ANY(?::int[])
      AND ((SELECT pipeline FROM chosen) IS NULL OR d.pipeline = (SELECT pipeline FROM chosen))
    GROUP BY w.month, d.owner_id
  ),
  done AS (
    SELECT w.month, a.assigned_to AS user_id, count(*)::int AS activities_done
    FROM w
    JOIN activities a ON a.status = 'completed' AND a.completed_at >= w.since AND a.completed_at < w.until
    WHERE a.assigned_to = ANY(?::int[])
    GROUP BY w.month, a.assigned_to
  )
  SELECT w.month, p.user_id AS "userId",
         g.won_value::text AS "goalWonValue", g.won_count AS "goalWonCount", g.activities_done AS "goalActivitiesDone",
         coalesce(won.won_count, 0) AS "wonCount", coalesce(won.won_value, 0)::numeric(16, 2)::text AS "wonValue",
         coalesce(done.activities_done, 0) AS "activitiesDone"
  FROM w CROSS JOIN p
  LEFT JOIN crm_goals g ON g.month = w.month AND g.user_id = p.user_id
    AND g.pipeline IS NOT DISTINCT FROM (SELECT pipeline FROM chosen)
  LEFT JOIN won ON won.month = w.month AND won.user_id = p.user_id
  LEFT JOIN done ON done.month = w.month AND done.user_id = p.user_id`;

type MonthRow = {
  month: string;
  userId: number;
  goalWonValue: string | null;
  goalWonCount: number | null;
  goalActivitiesDone: number | null;
  wonValue: string;
  wonCount: number;
  activitiesDone: number;
};

@injectable()
export class KnexGoalRepository implements GoalRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async people(month: string, pipeline: string | null): Promise<Person[]> {
    const { rows } = await this.uow.db.raw<{ rows: Person[] }>(
      `SELECT u.id AS "userId", u.name AS "userName" FROM users u
        WHERE u.disabled_at IS NULL OR EXISTS (
          SELECT 1 FROM crm_goals g WHERE g.month = ? AND g.user_id = u.id AND g.pipeline IS NOT DISTINCT FROM ?::text
        )
        ORDER BY u.name, u.id`,
      [month, pipeline],
    );
    return rows;
  }

  async person(userId: number): Promise<Person | null> {
    const row = await this.uow.db('users').where({ id: userId }).first('id as userId', 'name as userName');
    return (row as Person | undefined) ?? null;
  }

  async existingUsers(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows: { id: number }[] = await this.uow.db('users').whereIn('id', ids).select('id');
    return new Set(rows.map((r) => r.id));
  }

  async months(windows: MonthWindow[], userIds: number[], pipeline: string | null): Promise<Map<string, PersonMonth>> {
    if (!windows.length || !userIds.length) return new Map();
    const ids = arrayBinding(userIds);
    const { rows } = await this.uow.db.raw<{ rows: MonthRow[] }>(MONTHS, [
      pipeline,
      arrayBinding(windows.map((w) => w.month)),
      arrayBinding(windows.map((w) => w.since.toISOString())),
      arrayBinding(windows.map((w) => w.until.toISOString())),
      ids,
      ids,
      ids,
    ]);
    return new Map(
      rows.map((r) => [
        goalKey(r.month, r.userId),
        {
          goal:
            r.goalWonValue === null
              ? null
              : { wonValue: Number(r.goalWonValue), wonCount: r.goalWonCount, activitiesDone: r.goalActivitiesDone },
          actual: { wonValue: Number(r.wonValue), wonCount: r.wonCount, activitiesDone: r.activitiesDone },
        },
      ]),
    );
  }

  async replace(month: string, pipeline: string | null, items: GoalInput[], updatedBy: number): Promise<void> {
    await this.uow
      .db('crmGoals')
      .where({ month })
      .whereRaw('pipeline IS NOT DISTINCT FROM ?::text', [pipeline])
      .delete();
    if (!items.length) return;
    await this.uow.db('crmGoals').insert(
      items.map((item) => ({
        month,
        pipeline,
        userId: item.userId,
        wonValue: item.wonValue,
        wonCount: item.wonCount ?? null,
        activitiesDone: item.activitiesDone ?? null,
        updatedBy,
        updatedAt: this.uow.db.fn.now(),
      })),
    );
  }
}
