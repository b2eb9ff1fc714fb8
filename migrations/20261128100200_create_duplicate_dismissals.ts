import type { Knex } from 'knex';

/**
 * Finding and merging duplicates (issue 26):
 *
 * - `duplicate_dismissals` remembers the pairs someone marked "not a duplicate" (the smaller id first), so the
 *   duplicates screen does not show them again; a merged or deleted record's pairs go with it.
 * - A merge is a timeline action of its own (`merged`, on the kept record, naming the merged ones).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE duplicate_dismissals (
      kind text NOT NULL CHECK (kind IN ('contact', 'company')),
      low_id integer NOT NULL,
      high_id integer NOT NULL,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, low_id, high_id),
      CHECK (low_id < high_id)
    )
  `);
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_action_check,
      ADD CONSTRAINT crm_timeline_action_check CHECK (action IN ('created', 'updated', 'deleted', 'used', 'merged'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex('crm_timeline').where({ action: 'merged' }).delete();
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_action_check,
      ADD CONSTRAINT crm_timeline_action_check CHECK (action IN ('created', 'updated', 'deleted', 'used'))
  `);
  await knex.schema.dropTableIfExists('duplicate_dismissals');
}
