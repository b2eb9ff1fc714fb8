import { describe, expect, it } from 'vitest';
import { down, up } from '../20261202100000_create_pipelines';
import * as goalPipeline from '../20261202120000_add_goal_pipeline';
import { useMigratedDatabase } from './migrated-database';

const db = useMigratedDatabase();

describe('the pipelines table', () => {
  it('gets a row for every pipeline stages or deals already name, the default one first, and then holds stages to one', async () => {
    // As before the table existed: stages of a pipeline made through the API, with a deal in it. (The goals' pipeline
    // came later, and refers to the table.)
    await goalPipeline.down(db.knex);
    await down(db.knex);
    await db.knex('pipelineStages').insert([
      { pipeline: 'zeta', stage: 'z-open', order: 1, kind: 'open' },
      { pipeline: 'alpha', stage: 'a-open', order: 1, kind: 'open' },
    ]);
    await db.knex('deals').insert({ title: 'In alpha', pipeline: 'alpha', stage: 'a-open', value: '10.00' });
    await up(db.knex);
    await goalPipeline.up(db.knex);

    const rows = await db.knex('pipelines').orderBy('position').select('key', 'name', 'position', 'archived');
    expect(rows).toEqual([
      { key: 'default', name: null, position: 1, archived: false },
      { key: 'alpha', name: 'alpha', position: 2, archived: false },
      { key: 'zeta', name: 'zeta', position: 3, archived: false },
    ]);
    await expect(
      db.knex('pipelineStages').insert({ pipeline: 'nowhere', stage: 'x', order: 1, kind: 'open' }),
    ).rejects.toThrow(/pipeline_stages_pipeline_fk/);
    // A pipeline's deals hold it back; without them it goes with its stages.
    await expect(db.knex('pipelines').where({ key: 'alpha' }).delete()).rejects.toThrow(/deals_stage_fk/);
    await db.knex('pipelines').where({ key: 'zeta' }).delete();
    expect(await db.knex('pipelineStages').where({ pipeline: 'zeta' })).toEqual([]);
  });
});
