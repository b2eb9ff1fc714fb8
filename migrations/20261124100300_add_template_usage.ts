import type { Knex } from 'knex';

/**
 * Templates count their uses (a use for a contact: mail, WhatsApp or copy) and remember the last one; the
 * contact's timeline gets an entry per use (entity_type 'template', action 'used'), written in the same
 * transaction as the count. (The trigram index for searching templates by name or subject is
 * 20261124100600_add_search_indexes, shared with the search palette.)
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_templates', (t) => {
    t.integer('usage_count').notNullable().defaultTo(0);
    t.timestamp('last_used_at', { useTz: true });
  });
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_entity_type_check,
      DROP CONSTRAINT crm_timeline_action_check,
      ADD CONSTRAINT crm_timeline_entity_type_check CHECK (entity_type IN ('contact', 'deal', 'activity', 'template')),
      ADD CONSTRAINT crm_timeline_action_check CHECK (action IN ('created', 'updated', 'deleted', 'used'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex('crm_timeline').where({ entity_type: 'template' }).delete();
  await knex.raw(`
    ALTER TABLE crm_timeline
      DROP CONSTRAINT crm_timeline_entity_type_check,
      DROP CONSTRAINT crm_timeline_action_check,
      ADD CONSTRAINT crm_timeline_entity_type_check CHECK (entity_type IN ('contact', 'deal', 'activity')),
      ADD CONSTRAINT crm_timeline_action_check CHECK (action IN ('created', 'updated', 'deleted'))
  `);
  await knex.schema.alterTable('email_templates', (t) => {
    t.dropColumn('last_used_at');
    t.dropColumn('usage_count');
  });
}
