import type { Knex } from 'knex';

/**
 * Usernames have only ever been created in ASCII letters, digits and . _ @ - (the API's rule). The database
 * now holds that too: the canonical form sign-in compares (src/domain/users/username.ts) is then the ASCII lower
 * case, which the unique index on lower(username) already keeps unique, so no two accounts share one and no
 * look-alike spelling (U+0130 `İ`, full-width letters) is an account of its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_username_ascii_check CHECK (username ~ '^[A-Za-z0-9._@-]+$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE users DROP CONSTRAINT IF EXISTS users_username_ascii_check');
}
