import type { Knex } from 'knex';

/**
 * Retention (issue 29, LGPD Art. 15 and 16): rules an admin turns on (leads with nothing done for N months; people
 * whose deals were all lost more than N months ago), a daily scan that lists the contacts each rule finds, and the
 * admin's decision on each (anonymized, or kept for now). Nothing is anonymized without that decision.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('retention_rules', (t) => {
    t.text('kind').primary();
    t.integer('months').notNullable();
    t.boolean('active').notNullable().defaultTo(false);
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE retention_rules
    ADD CONSTRAINT retention_rules_kind_check CHECK (kind IN ('inactive_leads', 'lost_deal_contacts')),
    ADD CONSTRAINT retention_rules_months_check CHECK (months BETWEEN 1 AND 600)`);
  await knex('retention_rules').insert([
    { kind: 'inactive_leads', months: 24, active: false },
    { kind: 'lost_deal_contacts', months: 60, active: false },
  ]);
  await knex.schema.createTable('retention_candidates', (t) => {
    t.bigIncrements('id').primary();
    t.text('rule').notNullable().references('kind').inTable('retention_rules').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.timestamp('found_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** null: waiting for an admin; anonymized or kept once decided. */
    t.text('decision');
    t.integer('decided_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('decided_at', { useTz: true });
  });
  await knex.raw(`ALTER TABLE retention_candidates
    ADD CONSTRAINT retention_candidates_decision_check CHECK (decision IN ('anonymized', 'kept'))`);
  // One open listing per contact and rule.
  await knex.raw(`CREATE UNIQUE INDEX retention_candidates_open_index ON retention_candidates (rule, contact_id)
    WHERE decision IS NULL`);
  await knex.raw('CREATE INDEX retention_candidates_contact_index ON retention_candidates (contact_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('retention_candidates');
  await knex.schema.dropTableIfExists('retention_rules');
}
