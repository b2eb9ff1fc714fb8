import type { Knex } from 'knex';

/**
 * Custom fields (issue 27): what an admin adds to contacts, companies and deals. A field's values live in each
 * record's `custom_fields` object under its key (contacts have the column; companies and deals get theirs with the
 * write paths that fill them). Options are stored with the field ([{ key, label: { pt, en }, retired }]); a value
 * keeps the option's key. A field is retired, never deleted, so no record loses a value.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE custom_fields (
      id serial PRIMARY KEY,
      entity text NOT NULL CONSTRAINT custom_fields_entity_check CHECK (entity IN ('contact', 'company', 'deal')),
      key text NOT NULL CONSTRAINT custom_fields_key_check CHECK (key ~ '^[a-z][a-zA-Z0-9_]{0,39}$'),
      label_pt text NOT NULL CONSTRAINT custom_fields_label_pt_check CHECK (char_length(label_pt) BETWEEN 1 AND 80),
      label_en text NOT NULL CONSTRAINT custom_fields_label_en_check CHECK (char_length(label_en) BETWEEN 1 AND 80),
      type text NOT NULL CONSTRAINT custom_fields_type_check CHECK (type IN (
        'text', 'longText', 'number', 'currency', 'date', 'select', 'multiSelect', 'checkbox', 'url', 'email', 'phone'
      )),
      required boolean NOT NULL DEFAULT false,
      options jsonb NOT NULL DEFAULT '[]',
      position integer NOT NULL,
      retired boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT custom_fields_entity_key_unique UNIQUE (entity, key)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE custom_fields');
}
