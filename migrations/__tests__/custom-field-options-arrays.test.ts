import { describe, expect, it } from 'vitest';
import { down, up } from '../20261206100000_store_custom_field_options_as_arrays';
import { useMigratedDatabase } from './migrated-database';

const db = useMigratedDatabase();

describe('custom field options stored as arrays', () => {
  it('turns options held as JSON text in a string into the array, keeps an array and the field’s updated_at', async () => {
    const options = [{ key: 'varejo', label: { pt: 'Varejo', en: 'Retail' }, retired: false }];
    const field = (key: string, value: string) =>
      db.knex.raw(
        `INSERT INTO custom_fields (entity, key, label_pt, label_en, type, options, position)
         VALUES ('contact', ?, ?, ?, 'select', ?::jsonb, 1) RETURNING id, updated_at::text AS stamp`,
        [key, key, key, value],
      );
    // As the app wrote them before: the text of the array, stringified once more.
    const {
      rows: [old],
    } = await field('old_way', JSON.stringify(JSON.stringify(options)));
    const {
      rows: [fine],
    } = await field('already_array', JSON.stringify(options));
    await up(db.knex);

    const { rows } = await db.knex.raw(
      'SELECT id, jsonb_typeof(options) AS kind, options, updated_at::text AS stamp FROM custom_fields WHERE id IN (?, ?) ORDER BY id',
      [old.id, fine.id],
    );
    expect(rows.map((r: { kind: string; options: unknown }) => [r.kind, r.options])).toEqual([
      ['array', options],
      ['array', options],
    ]);
    expect(rows.map((r: { stamp: string }) => r.stamp)).toEqual([old.stamp, fine.stamp]);

    await down(db.knex);
    const {
      rows: [back],
    } = await db.knex.raw('SELECT jsonb_typeof(options) AS kind FROM custom_fields WHERE id = ?', [old.id]);
    expect(back.kind).toBe('string');
    await up(db.knex);
  });
});
