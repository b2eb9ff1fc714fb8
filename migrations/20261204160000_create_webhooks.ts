import type { Knex } from 'knex';

/**
 * Webhooks (issue 28): the endpoints an admin defines, the events (an outbox) and one delivery per endpoint and event.
 *
 * Events are written by the database in the statement that writes the change's timeline entry, so an event exists
 * exactly when its change committed (a rolled-back change leaves none) whichever code path wrote it: the timeline is
 * the one record of every change (a person's, a key's, a bulk change's; an import's rows are announced by one
 * import.completed instead). Each event carries the record as it was at that moment (internal columns left out);
 * a deal whose stage changed also raises deal.stage_changed, and deal.won or deal.lost when the stage is of that kind.
 * Nothing is written while no active endpoint asks for the event.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.increments('id').primary();
    t.text('url').notNullable();
    t.text('description');
    t.specificType('events', 'text[]').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.text('secret').notNullable();
    // Set when the system turned the endpoint off (after 24 h of failures); cleared when an admin turns it on.
    t.text('disabled_reason');
    // The first failure of the current run of failures; cleared by a success.
    t.timestamp('failing_since', { useTz: true });
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('webhook_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('type').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('data').notNullable();
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id').primary();
    t.integer('endpoint_id').notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.uuid('event_id').notNullable().references('id').inTable('webhook_events').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true });
    // A worker's hold on a delivery it is sending; a claim whose worker died is taken again after it.
    t.timestamp('claimed_until', { useTz: true });
    t.timestamp('last_attempt_at', { useTz: true });
    t.integer('response_code');
    t.text('response_body');
    t.text('error');
    t.integer('duration_ms');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['endpoint_id', 'id'], 'webhook_deliveries_endpoint_index');
    t.index(['event_id'], 'webhook_deliveries_event_index');
  });
  await knex.raw(`ALTER TABLE webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))`);
  await knex.raw(`CREATE INDEX webhook_deliveries_due_index ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending'`);

  await knex.raw(`CREATE FUNCTION webhook_fan_out(kinds text[], payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      WITH e AS (
        INSERT INTO webhook_events (type, data)
        SELECT k, payload FROM unnest(kinds) AS k
        WHERE EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.active AND k = ANY (w.events))
        RETURNING id, type
      )
      INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at)
      SELECT w.id, e.id, now() FROM e JOIN webhook_endpoints w ON w.active AND e.type = ANY (w.events);
    END $$`);

  await knex.raw(timelineEventsFunction(TIMELINE_ACTOR));
  await knex.raw(`CREATE TRIGGER crm_timeline_webhooks AFTER INSERT ON crm_timeline
    FOR EACH ROW WHEN (NEW.import_id IS NULL) EXECUTE FUNCTION webhook_events_from_timeline()`);

  await knex.raw(importEventsFunction(IMPORT_ACTOR));
  await knex.raw(`CREATE TRIGGER contact_imports_webhooks AFTER UPDATE OF status ON contact_imports
    FOR EACH ROW WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed')
    EXECUTE FUNCTION webhook_events_from_imports()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS contact_imports_webhooks ON contact_imports');
  await knex.raw('DROP TRIGGER IF EXISTS crm_timeline_webhooks ON crm_timeline');
  await knex.raw('DROP FUNCTION IF EXISTS webhook_events_from_imports()');
  await knex.raw('DROP FUNCTION IF EXISTS webhook_events_from_timeline()');
  await knex.raw('DROP FUNCTION IF EXISTS webhook_fan_out(text[], jsonb)');
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhook_events');
  await knex.schema.dropTableIfExists('webhook_endpoints');
}

/** An event's `actor`: who made the change (a later migration adds the form's name, `formName`). */
export const TIMELINE_ACTOR =
  "jsonb_build_object('userId', NEW.user_id, 'apiKeyName', NEW.api_key_name, 'bulk', NEW.bulk)";

/** The trigger function that turns a timeline entry into events; `actor` is the SQL of the event's actor. */
export const timelineEventsFunction = (actor: string) =>
  `CREATE OR REPLACE FUNCTION webhook_events_from_timeline() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      kinds text[];
      record jsonb;
      stage_kind text;
    BEGIN
      IF NEW.entity_type NOT IN ('contact', 'company', 'deal', 'activity', 'note')
         OR NEW.action NOT IN ('created', 'updated', 'deleted', 'merged')
         OR NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE active) THEN
        RETURN NULL;
      END IF;
      kinds := ARRAY[NEW.entity_type || '.' || CASE NEW.action WHEN 'merged' THEN 'updated' ELSE NEW.action END];
      record := CASE NEW.entity_type
        WHEN 'contact' THEN (SELECT to_jsonb(r) - 'search_text' - 'phone_e164' FROM contacts r WHERE r.id = NEW.entity_id)
        WHEN 'company' THEN (SELECT to_jsonb(r) - 'search_text' - 'import_id' FROM companies r WHERE r.id = NEW.entity_id)
        WHEN 'deal' THEN (SELECT to_jsonb(r) - 'position' || jsonb_build_object('value', r.value::text)
                          FROM deals r WHERE r.id = NEW.entity_id)
        WHEN 'activity' THEN (SELECT to_jsonb(r) FROM activities r WHERE r.id = NEW.entity_id)
        WHEN 'note' THEN (SELECT to_jsonb(r) - 'search_text' FROM crm_notes r WHERE r.id = NEW.entity_id)
      END;
      IF NEW.entity_type = 'deal' AND record IS NOT NULL
         AND (NEW.action = 'created' OR NEW.changes @> '[{"field": "stage"}]' OR NEW.changes @> '[{"field": "pipeline"}]') THEN
        IF NEW.action = 'updated' THEN
          kinds := kinds || 'deal.stage_changed'::text;
        END IF;
        SELECT s.kind INTO stage_kind FROM pipeline_stages s
        WHERE s.pipeline = record ->> 'pipeline' AND s.stage = record ->> 'stage';
        IF stage_kind IN ('won', 'lost') THEN
          kinds := kinds || ('deal.' || stage_kind);
        END IF;
      END IF;
      PERFORM webhook_fan_out(kinds, jsonb_build_object(
        'object', NEW.entity_type,
        'id', NEW.entity_id,
        'name', NEW.entity_name,
        'record', record,
        'changes', NEW.changes,
        'actor', ${actor}
      ));
      RETURN NULL;
    END $$`;

/** An import.completed event's `actor`: the person who imported. */
export const IMPORT_ACTOR = "jsonb_build_object('userId', NEW.created_by, 'apiKeyName', NULL, 'bulk', false)";

/** The trigger function that announces a completed import; `actor` is the SQL of the event's actor. */
export const importEventsFunction = (actor: string) =>
  `CREATE OR REPLACE FUNCTION webhook_events_from_imports() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_fan_out(ARRAY['import.completed'], jsonb_build_object(
        'object', 'import',
        'id', NEW.id,
        'name', NEW.file_name,
        'record', jsonb_build_object(
          'id', NEW.id, 'fileName', NEW.file_name, 'mode', NEW.mode, 'totalRows', NEW.total_rows,
          'created', NEW.created_count, 'updated', NEW.updated_count, 'skipped', NEW.skipped_count,
          'rejected', NEW.rejected_count, 'createdBy', NEW.created_by, 'createdAt', NEW.created_at,
          'finishedAt', NEW.finished_at),
        'changes', '[]'::jsonb,
        'actor', ${actor}
      ));
      RETURN NULL;
    END $$`;
