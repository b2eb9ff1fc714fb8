import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pipeline_stages', (t) => {
    t.increments('id').primary();
    t.text('pipeline').notNullable().defaultTo('default');
    t.text('stage').notNullable();
    t.integer('order').notNullable();
    t.text('color').notNullable().defaultTo('#3B82F6');
    t.integer('probability').notNullable().defaultTo(0);
    // open stages hold running deals; entering a won or lost stage closes the deal.
    t.text('kind').notNullable().defaultTo('open');
    t.unique(['pipeline', 'stage'], { indexName: 'pipeline_stages_pipeline_stage_unique' });
  });
  await knex.raw(`
    ALTER TABLE pipeline_stages
      ADD CONSTRAINT pipeline_stages_probability_check CHECK (probability BETWEEN 0 AND 100),
      ADD CONSTRAINT pipeline_stages_color_check CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
      ADD CONSTRAINT pipeline_stages_kind_check CHECK (kind IN ('open', 'won', 'lost')),
      ADD CONSTRAINT pipeline_stages_stage_check CHECK (char_length(stage) BETWEEN 1 AND 60),
      ADD CONSTRAINT pipeline_stages_order_unique UNIQUE (pipeline, "order") DEFERRABLE INITIALLY DEFERRED
  `);

  await knex.schema.createTable('contacts', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('email');
    t.text('phone');
    t.text('company');
    t.text('position');
    t.text('source');
    t.text('status').notNullable().defaultTo('lead');
    t.integer('score').notNullable().defaultTo(0);
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('notes');
    t.jsonb('custom_fields').notNullable().defaultTo('{}');
    t.integer('owner_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id', 'id'], 'contacts_owner_id_index');
    t.index(['status', 'id'], 'contacts_status_index');
    t.index(['created_by'], 'contacts_created_by_index');
  });
  await knex.raw(`
    ALTER TABLE contacts
      ADD CONSTRAINT contacts_status_check CHECK (status IN ('lead', 'prospect', 'customer', 'inactive')),
      ADD CONSTRAINT contacts_name_check CHECK (char_length(name) BETWEEN 1 AND 200)
  `);
  await knex.raw('CREATE INDEX contacts_tags_index ON contacts USING gin (tags)');
  await knex.raw('CREATE INDEX contacts_email_lower_index ON contacts (lower(email))');

  await knex.schema.createTable('deals', (t) => {
    t.increments('id').primary();
    t.text('title').notNullable();
    t.decimal('value', 12, 2).notNullable().defaultTo(0);
    t.text('currency').notNullable().defaultTo('BRL');
    t.text('stage').notNullable();
    t.text('pipeline').notNullable().defaultTo('default');
    t.integer('probability').notNullable().defaultTo(0);
    t.date('expected_close_date');
    t.timestamp('closed_at', { useTz: true });
    t.text('lost_reason');
    t.text('notes');
    t.integer('contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    t.integer('owner_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['pipeline', 'stage', 'id'], 'deals_pipeline_stage_index');
    t.index(['owner_id', 'id'], 'deals_owner_id_index');
    t.index(['contact_id'], 'deals_contact_id_index');
    t.index(['created_by'], 'deals_created_by_index');
  });
  // A deal's stage must exist in its pipeline; renaming a stage follows through, deleting one that
  // still holds deals is refused by the database itself.
  await knex.raw(`
    ALTER TABLE deals
      ADD CONSTRAINT deals_probability_check CHECK (probability BETWEEN 0 AND 100),
      ADD CONSTRAINT deals_value_check CHECK (value >= 0),
      ADD CONSTRAINT deals_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
      ADD CONSTRAINT deals_title_check CHECK (char_length(title) BETWEEN 1 AND 200),
      ADD CONSTRAINT deals_stage_fk FOREIGN KEY (pipeline, stage)
        REFERENCES pipeline_stages (pipeline, stage) ON UPDATE CASCADE ON DELETE RESTRICT
  `);

  await knex.schema.createTable('activities', (t) => {
    t.increments('id').primary();
    t.text('type').notNullable().defaultTo('task');
    t.text('subject').notNullable();
    t.text('description');
    t.text('status').notNullable().defaultTo('pending');
    t.text('priority').notNullable().defaultTo('normal');
    t.timestamp('due_date', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.integer('duration');
    t.integer('contact_id').references('id').inTable('contacts').onDelete('SET NULL');
    t.integer('deal_id').references('id').inTable('deals').onDelete('SET NULL');
    t.integer('assigned_to').references('id').inTable('users').onDelete('SET NULL');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['assigned_to', 'status', 'id'], 'activities_assigned_to_status_index');
    t.index(['contact_id'], 'activities_contact_id_index');
    t.index(['deal_id'], 'activities_deal_id_index');
    t.index(['created_by'], 'activities_created_by_index');
  });
  await knex.raw(`
    ALTER TABLE activities
      ADD CONSTRAINT activities_type_check CHECK (type IN ('task', 'call', 'email', 'meeting', 'note')),
      ADD CONSTRAINT activities_status_check CHECK (status IN ('pending', 'completed')),
      ADD CONSTRAINT activities_priority_check CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
      ADD CONSTRAINT activities_duration_check CHECK (duration IS NULL OR duration > 0),
      ADD CONSTRAINT activities_subject_check CHECK (char_length(subject) BETWEEN 1 AND 200),
      ADD CONSTRAINT activities_completed_check CHECK ((status = 'completed') = (completed_at IS NOT NULL))
  `);

  await knex.schema.createTable('email_templates', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.text('category');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['category', 'id'], 'email_templates_category_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_templates');
  await knex.schema.dropTableIfExists('activities');
  await knex.schema.dropTableIfExists('deals');
  await knex.schema.dropTableIfExists('contacts');
  await knex.schema.dropTableIfExists('pipeline_stages');
}
