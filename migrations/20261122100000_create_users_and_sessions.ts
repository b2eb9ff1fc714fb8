import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.text('username').notNullable();
    t.text('password').notNullable();
    t.text('name').notNullable();
    t.text('role').notNullable().defaultTo('employee');
    t.text('initials').notNullable();
    // last_access is the latest sign-in; previous_access the one before it, which the dashboard shows.
    t.timestamp('last_access', { useTz: true }).defaultTo(knex.fn.now());
    t.timestamp('previous_access', { useTz: true });
    t.timestamp('disabled_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE users
      ADD CONSTRAINT users_role_check CHECK (role IN ('employee', 'developer', 'admin')),
      ADD CONSTRAINT users_initials_check CHECK (char_length(initials) BETWEEN 1 AND 3 AND initials = upper(initials)),
      ADD CONSTRAINT users_username_check CHECK (char_length(username) BETWEEN 3 AND 64),
      ADD CONSTRAINT users_name_check CHECK (char_length(name) BETWEEN 1 AND 120)
  `);
  // Usernames are unique regardless of case; sign-in looks them up by lower(username).
  await knex.raw('CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username))');

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // sha256 of the random token the cookie carries: a copy of this table cannot be replayed.
    t.text('token_hash').notNullable().unique();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.boolean('remember').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.text('user_agent');
    t.text('ip');
    t.index(['user_id', 'expires_at'], 'sessions_user_id_expires_at_index');
    t.index(['expires_at'], 'sessions_expires_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sessions');
  await knex.schema.dropTableIfExists('users');
}
