import type { Knex } from 'knex';

/**
 * A custom field's options were written as their JSON text inside a JSON string (the repository stringified them and
 * objection, which formats JSON columns itself, stringified the text again): `"[\"A\",\"B\"]"` where the column's
 * default is `[]`. The app read them back, but SQL, a report or an integration reading the table saw a string. Each
 * such value becomes the array it holds; a field's `updated_at` stays (nobody changed the field).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE custom_fields SET options = (options #>> '{}')::jsonb WHERE jsonb_typeof(options) = 'string'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE custom_fields SET options = to_jsonb(options::text) WHERE jsonb_typeof(options) <> 'string'`);
}
