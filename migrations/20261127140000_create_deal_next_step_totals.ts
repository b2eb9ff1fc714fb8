import type { Knex } from 'knex';

/**
 * The home's "no next step" total (issue 25) read from a table of one row per pipeline, stage and owner instead of
 * visiting every open deal and probing its pending activities on each call (6 ms for the team at 20,000 deals).
 * `no_next_step` counts the deals of that stage and owner (owner_key: the owner's id, 0 for none) with no pending
 * activity; the reader adds up the rows of open stages, so a stage whose kind changes needs no recount.
 *
 * Kept as deal_stage_totals is: statement-level triggers with transition tables, one grouped upsert per statement,
 * keys in order so two writers never lock them crosswise.
 * - deals, insert and update: a deal with no pending activity counts in its (pipeline, stage, owner) row, and moves
 *   when one of them changes (a stage move, won/lost, a reassignment, an owner deleted).
 * - deals, delete: a row-level BEFORE trigger, because the deleted deal's activities lose their deal_id (ON DELETE
 *   SET NULL) before any AFTER statement trigger could ask whether it had a pending one.
 * - activities, any write: per deal, the change in its pending activities; a deal whose count goes from or to zero
 *   enters or leaves its row. The deal's row is locked first (FOR NO KEY UPDATE, which a foreign-key check's KEY SHARE
 *   does not wait for) so that two transactions adding a deal's first next step one after the other each count what
 *   the other committed; a deal being deleted is already gone from the deals this reads, and left to its delete.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE deal_next_step_totals (
      pipeline text NOT NULL,
      stage text NOT NULL,
      owner_key integer NOT NULL,
      no_next_step integer NOT NULL,
      PRIMARY KEY (pipeline, stage, owner_key)
    )
  `);
  await knex.raw(`
    CREATE FUNCTION funil_total_deal_next_steps() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO deal_next_step_totals AS t (pipeline, stage, owner_key, no_next_step)
          SELECT n.pipeline, n.stage, coalesce(n.owner_id, 0), count(*) FROM new_rows n
          WHERE NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = n.id AND a.status = 'pending')
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (pipeline, stage, owner_key) DO UPDATE SET no_next_step = t.no_next_step + excluded.no_next_step;
      ELSE
        INSERT INTO deal_next_step_totals AS t (pipeline, stage, owner_key, no_next_step)
          SELECT pipeline, stage, owner_key, sum(n) FROM (
            SELECT m.pipeline, m.stage, m.owner_key, m.n
            FROM old_rows o JOIN new_rows nw ON nw.id = o.id
            CROSS JOIN LATERAL (VALUES (o.pipeline, o.stage, coalesce(o.owner_id, 0), -1),
                                       (nw.pipeline, nw.stage, coalesce(nw.owner_id, 0), 1)) AS m(pipeline, stage, owner_key, n)
            WHERE (o.pipeline, o.stage, o.owner_id) IS DISTINCT FROM (nw.pipeline, nw.stage, nw.owner_id)
              AND NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = nw.id AND a.status = 'pending')
          ) AS moves
          GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (pipeline, stage, owner_key) DO UPDATE SET no_next_step = t.no_next_step + excluded.no_next_step;
      END IF;
      RETURN NULL;
    END $$
  `);
  await knex.raw(`
    CREATE FUNCTION funil_untotal_deleted_deal_next_step() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = OLD.id AND a.status = 'pending') THEN
        UPDATE deal_next_step_totals SET no_next_step = no_next_step - 1
          WHERE pipeline = OLD.pipeline AND stage = OLD.stage AND owner_key = coalesce(OLD.owner_id, 0);
      END IF;
      RETURN OLD;
    END $$
  `);
  await knex.raw(`
    CREATE FUNCTION funil_total_activity_next_steps() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      deal_ids integer[];
      changes bigint[];
    BEGIN
      -- Per deal, how many pending activities this statement added (or, negative, took away).
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(deal_id ORDER BY deal_id), array_agg(n ORDER BY deal_id) INTO deal_ids, changes FROM (
          SELECT deal_id, count(*) AS n FROM new_rows WHERE status = 'pending' AND deal_id IS NOT NULL GROUP BY deal_id
        ) AS c;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(deal_id ORDER BY deal_id), array_agg(n ORDER BY deal_id) INTO deal_ids, changes FROM (
          SELECT deal_id, -count(*) AS n FROM old_rows WHERE status = 'pending' AND deal_id IS NOT NULL GROUP BY deal_id
        ) AS c;
      ELSE
        SELECT array_agg(deal_id ORDER BY deal_id), array_agg(n ORDER BY deal_id) INTO deal_ids, changes FROM (
          SELECT deal_id, sum(n) AS n FROM (
            SELECT deal_id, 1 AS n FROM new_rows WHERE status = 'pending' AND deal_id IS NOT NULL
            UNION ALL
            SELECT deal_id, -1 FROM old_rows WHERE status = 'pending' AND deal_id IS NOT NULL
          ) AS moves
          GROUP BY deal_id HAVING sum(n) <> 0
        ) AS c;
      END IF;
      IF deal_ids IS NULL THEN
        RETURN NULL;
      END IF;
      PERFORM 1 FROM deals WHERE id = ANY (deal_ids) ORDER BY id FOR NO KEY UPDATE;
      -- A deal without a pending activity now counts (+1); one without before (now less this statement's) did (-1).
      INSERT INTO deal_next_step_totals AS t (pipeline, stage, owner_key, no_next_step)
        SELECT d.pipeline, d.stage, coalesce(d.owner_id, 0),
               sum((p.pending = 0)::int - (p.pending - c.n = 0)::int)
        FROM unnest(deal_ids, changes) AS c(deal_id, n)
        JOIN deals d ON d.id = c.deal_id
        CROSS JOIN LATERAL (
          SELECT count(*) AS pending FROM activities a WHERE a.deal_id = c.deal_id AND a.status = 'pending'
        ) AS p
        GROUP BY 1, 2, 3 HAVING sum((p.pending = 0)::int - (p.pending - c.n = 0)::int) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (pipeline, stage, owner_key) DO UPDATE SET no_next_step = t.no_next_step + excluded.no_next_step;
      RETURN NULL;
    END $$
  `);
  // A trigger with transition tables takes one event.
  for (const [name, event, tables] of [
    ['deals_next_step_totals_insert', 'INSERT', 'NEW TABLE AS new_rows'],
    ['deals_next_step_totals_update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ]) {
    await knex.raw(
      `CREATE TRIGGER ${name} AFTER ${event} ON deals REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION funil_total_deal_next_steps()`,
    );
  }
  await knex.raw(
    'CREATE TRIGGER deals_next_step_totals_delete BEFORE DELETE ON deals FOR EACH ROW EXECUTE FUNCTION funil_untotal_deleted_deal_next_step()',
  );
  for (const [name, event, tables] of [
    ['activities_next_step_totals_insert', 'INSERT', 'NEW TABLE AS new_rows'],
    ['activities_next_step_totals_update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['activities_next_step_totals_delete', 'DELETE', 'OLD TABLE AS old_rows'],
  ]) {
    await knex.raw(
      `CREATE TRIGGER ${name} AFTER ${event} ON activities REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION funil_total_activity_next_steps()`,
    );
  }
  await knex.raw(`
    INSERT INTO deal_next_step_totals (pipeline, stage, owner_key, no_next_step)
      SELECT d.pipeline, d.stage, coalesce(d.owner_id, 0), count(*) FROM deals d
      WHERE NOT EXISTS (SELECT 1 FROM activities a WHERE a.deal_id = d.id AND a.status = 'pending')
      GROUP BY 1, 2, 3
  `);
  // The page of the list: per open stage, the deals longest unchanged first, the first 20 without a pending activity.
  // The id ends both indexes, the page's tie-break: without it, deals changed at the same instant (an import, a bulk
  // move) were all read and sorted (0.7 ms instead of 6 for the team at 20,000 deals, all but the page's reading gone).
  await knex.raw('DROP INDEX deals_stage_updated_at_index');
  await knex.raw(
    'CREATE INDEX deals_stage_updated_at_index ON deals (pipeline, stage, updated_at, id) INCLUDE (owner_id, value)',
  );
  await knex.raw(
    'CREATE INDEX deals_owner_stage_updated_at_index ON deals (owner_id, pipeline, stage, updated_at, id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS deals_owner_stage_updated_at_index');
  await knex.raw('DROP INDEX deals_stage_updated_at_index');
  await knex.raw(
    'CREATE INDEX deals_stage_updated_at_index ON deals (pipeline, stage, updated_at) INCLUDE (owner_id, value)',
  );
  for (const name of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER activities_next_step_totals_${name} ON activities`);
    await knex.raw(`DROP TRIGGER deals_next_step_totals_${name} ON deals`);
  }
  await knex.raw('DROP FUNCTION funil_total_activity_next_steps()');
  await knex.raw('DROP FUNCTION funil_untotal_deleted_deal_next_step()');
  await knex.raw('DROP FUNCTION funil_total_deal_next_steps()');
  await knex.raw('DROP TABLE deal_next_step_totals');
}
