import type { Knex } from 'knex';

/**
 * An activities table ordered by a column (issue 27: `sort`, `order`) pages by (value, id): each sortable column gets
 * an index on its value and the id (the subject as it is compared: case and accents ignored; the priority as its rank,
 * low first, the expression the list orders by). The due date's index with the assignee and status stays for the
 * to-do list.
 */
const INDEXES: [name: string, columns: string][] = [
  ['activities_subject_sort_index', 'lower(funil_unaccent(subject)), id'],
  ['activities_type_sort_index', 'type, id'],
  [
    'activities_priority_sort_index',
    "(CASE priority WHEN 'low' THEN 0 WHEN 'normal' THEN 1 WHEN 'high' THEN 2 WHEN 'urgent' THEN 3 END), id",
  ],
  ['activities_due_date_sort_index', 'due_date, id'],
  ['activities_completed_at_sort_index', 'completed_at, id'],
  ['activities_created_at_sort_index', 'created_at, id'],
  ['activities_updated_at_sort_index', 'updated_at, id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of INDEXES) await knex.raw(`CREATE INDEX ${name} ON activities (${columns})`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX ${name}`);
}
