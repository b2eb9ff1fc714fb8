import fc from 'fast-check';
import { knexSnakeCaseMappers } from 'objection';
import { describe, expect, it } from 'vitest';
import { camelCaseMappers, camelKey } from '../camel-rows';

const objection = knexSnakeCaseMappers() as { postProcessResponse: (result: unknown) => unknown };
const ours = camelCaseMappers();

/** The same keys in the same order and the same values, as JSON shows them. */
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

describe('rows mapped to camelCase by a mapper made once per set of columns', () => {
  it('answers exactly what objection answers for rows, whatever the column names', () => {
    const column = fc.stringMatching(/^[a-z_:0-9]{1,12}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(column, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        (names, n) => {
          const rows = Array.from({ length: n }, (_, i) =>
            Object.fromEntries(names.map((name, j) => [name, i * 10 + j])),
          );
          same(ours.postProcessResponse(rows), objection.postProcessResponse(rows));
        },
      ),
    );
  });

  it('maps a name as objection does (after the last colon only) and leaves what is not rows to objection', () => {
    expect(camelKey('owner_id')).toBe('ownerId');
    expect(camelKey('deal:owner_name')).toBe('deal:ownerName');
    expect(camelKey('_private_x')).toBe('_PrivateX');
    const raw = { rows: [{ owner_id: 1 }], row_count: 1 };
    same(ours.postProcessResponse(raw), objection.postProcessResponse(raw));
    for (const other of [[], [1, 2], [[1]], 3, null, 'text'])
      same(ours.postProcessResponse(other), objection.postProcessResponse(other));
  });

  it('makes one object per row, with its own values', () => {
    const rows = [
      { id: 1, created_at: new Date(0) },
      { id: 2, created_at: null },
    ];
    const mapped = ours.postProcessResponse(rows) as Record<string, unknown>[];
    expect(mapped).toEqual([
      { id: 1, createdAt: new Date(0) },
      { id: 2, createdAt: null },
    ]);
    expect(mapped[0]).not.toBe(rows[0]);
  });
});
