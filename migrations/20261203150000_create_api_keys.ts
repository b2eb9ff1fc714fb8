import type { Knex } from 'knex';

/**
 * API keys (issue 28): a person's keys, each with a name, a scope (read, or read and write) and an optional expiry;
 * the secret kept only as its sha256 (unique: a request finds its key by it), the first characters for the list.
 * Revoked keys stay, marked, so the list shows them; a person's keys go with the person. A change made with a key
 * is in the timeline with the key's name (as it was then).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('prefix').notNullable();
    t.text('secret_hash').notNullable().unique();
    t.text('scope').notNullable();
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'id'], 'api_keys_user_index');
  });
  await knex.raw(`ALTER TABLE api_keys
    ADD CONSTRAINT api_keys_scope_check CHECK (scope IN ('read', 'write')),
    ADD CONSTRAINT api_keys_name_check CHECK (char_length(name) BETWEEN 1 AND 80)`);
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.text('api_key_name');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('crm_timeline', (t) => {
    t.dropColumn('api_key_name');
  });
  await knex.schema.dropTableIfExists('api_keys');
}
