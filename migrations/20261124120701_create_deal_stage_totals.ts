import type { Knex } from 'knex';

/**
 * The board's unfiltered stage summary (deals, value and weighted value per stage) read from a table of
 * one row per pipeline and stage instead of aggregating every deal on each call. Statement-level triggers
 * on deals keep it: one grouped upsert per statement however many rows it touched, only the stages whose
 * figures changed (a reorder within a column touches none), in (pipeline, stage) order so two writers
 * never lock them crosswise. Filtered summaries still aggregate the matching deals.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE deal_stage_totals (
      pipeline text NOT NULL,
      stage text NOT NULL,
      deal_count integer NOT NULL,
      value_sum numeric NOT NULL,
      -- sum(value * probability): the weighted value times 100.
      weighted numeric NOT NULL,
      PRIMARY KEY (pipeline, stage)
    )
  `);
  await knex.raw(`
    CREATE FUNCTION funil_total_deal_stages() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO deal_stage_totals AS t (pipeline, stage, deal_count, value_sum, weighted)
          SELECT pipeline, stage, count(*), sum(value), sum(value * probability) FROM new_rows
          GROUP BY pipeline, stage ORDER BY pipeline, stage
          ON CONFLICT (pipeline, stage) DO UPDATE SET deal_count = t.deal_count + excluded.deal_count,
            value_sum = t.value_sum + excluded.value_sum, weighted = t.weighted + excluded.weighted;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE deal_stage_totals AS t SET deal_count = t.deal_count - gone.n, value_sum = t.value_sum - gone.v, weighted = t.weighted - gone.w
          FROM (SELECT pipeline, stage, count(*) AS n, sum(value) AS v, sum(value * probability) AS w FROM old_rows
                GROUP BY pipeline, stage ORDER BY pipeline, stage) AS gone
          WHERE t.pipeline = gone.pipeline AND t.stage = gone.stage;
      ELSE
        INSERT INTO deal_stage_totals AS t (pipeline, stage, deal_count, value_sum, weighted)
          SELECT pipeline, stage, sum(n), sum(v), sum(w) FROM (
            SELECT pipeline, stage, 1 AS n, value AS v, value * probability AS w FROM new_rows
            UNION ALL
            SELECT pipeline, stage, -1, -value, -(value * probability) FROM old_rows
          ) AS changes
          GROUP BY pipeline, stage HAVING sum(n) <> 0 OR sum(v) <> 0 OR sum(w) <> 0 ORDER BY pipeline, stage
          ON CONFLICT (pipeline, stage) DO UPDATE SET deal_count = t.deal_count + excluded.deal_count,
            value_sum = t.value_sum + excluded.value_sum, weighted = t.weighted + excluded.weighted;
      END IF;
      RETURN NULL;
    END $$
  `);
  // A trigger with transition tables takes one event.
  await knex.raw(
    'CREATE TRIGGER deals_stage_totals_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_total_deal_stages()',
  );
  await knex.raw(
    'CREATE TRIGGER deals_stage_totals_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_total_deal_stages()',
  );
  await knex.raw(
    'CREATE TRIGGER deals_stage_totals_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funil_total_deal_stages()',
  );
  await knex.raw(`
    INSERT INTO deal_stage_totals (pipeline, stage, deal_count, value_sum, weighted)
      SELECT pipeline, stage, count(*), sum(value), sum(value * probability) FROM deals GROUP BY pipeline, stage
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER deals_stage_totals_insert ON deals');
  await knex.raw('DROP TRIGGER deals_stage_totals_update ON deals');
  await knex.raw('DROP TRIGGER deals_stage_totals_delete ON deals');
  await knex.raw('DROP FUNCTION funil_total_deal_stages()');
  await knex.raw('DROP TABLE deal_stage_totals');
}
