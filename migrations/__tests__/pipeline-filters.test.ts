import { describe, expect, it } from 'vitest';
import * as goalPipeline from '../20261202120000_add_goal_pipeline';
import * as snapshotPipeline from '../20261202110000_add_report_snapshot_pipeline';
import { useMigratedDatabase } from './migrated-database';

const db = useMigratedDatabase();

describe('the pipeline filters of reports and goals', () => {
  it('keep the goals there were as the goals for every pipeline, one per month, person and pipeline', async () => {
    await goalPipeline.down(db.knex);
    const [user] = await db
      .knex('users')
      .insert({ username: 'goal-person', name: 'Goal Person', initials: 'GP', password: 'x', role: 'employee' })
      .returning('id');
    await db.knex('crmGoals').insert({ month: '2026-11', userId: user.id, wonValue: '1000.00' });
    await goalPipeline.up(db.knex);

    expect(await db.knex('crmGoals').select('month', 'pipeline', 'wonValue')).toEqual([
      { month: '2026-11', pipeline: null, wonValue: '1000.00' },
    ]);
    // A goal for the default pipeline beside it; a second one for every pipeline, or for a pipeline of none, refused.
    await db.knex('crmGoals').insert({ month: '2026-11', userId: user.id, wonValue: '400.00', pipeline: 'default' });
    await expect(db.knex('crmGoals').insert({ month: '2026-11', userId: user.id, wonValue: '1.00' })).rejects.toThrow(
      /crm_goals_month_user_pipeline_unique/,
    );
    await expect(
      db.knex('crmGoals').insert({ month: '2026-12', userId: user.id, wonValue: '1.00', pipeline: 'none-such' }),
    ).rejects.toThrow(/foreign key/);

    await goalPipeline.down(db.knex);
    expect(await db.knex('crmGoals').select('month', 'wonValue')).toEqual([{ month: '2026-11', wonValue: '1000.00' }]);
    await goalPipeline.up(db.knex);
  });

  it("keep the stored report figures as every pipeline's, and add a row per pipeline beside them", async () => {
    await snapshotPipeline.down(db.knex);
    const snapshot = { periodDays: 30, figures: {}, computedAt: new Date(), durationMs: 5 };
    await db.knex('reportSnapshots').insert(snapshot);
    await snapshotPipeline.up(db.knex);
    expect(await db.knex('reportSnapshots').pluck('pipeline')).toEqual(['']);
    await db.knex('reportSnapshots').insert({ ...snapshot, pipeline: 'default' });
    await expect(db.knex('reportSnapshots').insert(snapshot)).rejects.toThrow(/report_snapshots_pkey/);
    await snapshotPipeline.down(db.knex);
    expect(await db.knex('reportSnapshots').count({ n: '*' }).first()).toEqual({ n: 1 });
    await snapshotPipeline.up(db.knex);
  });
});
