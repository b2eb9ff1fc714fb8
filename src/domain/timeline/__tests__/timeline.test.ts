import { describe, expect, it } from 'vitest';
import { diffFields } from '../timeline';

describe('diffFields', () => {
  it('lists changed fields with old and new values, comparing dates, arrays and objects by value', () => {
    const before = {
      a: 'x',
      tags: ['a'],
      at: new Date('2026-01-01T00:00:00Z'),
      extra: { k: 1 },
      gone: 'y' as string | undefined,
    };
    const after = { a: 'x', tags: ['a', 'b'], at: new Date('2026-01-01T00:00:00Z'), extra: { k: 1 }, gone: undefined };
    expect(diffFields(before, after, ['a', 'tags', 'at', 'extra', 'gone'])).toEqual([
      { field: 'tags', oldValue: ['a'], newValue: ['a', 'b'] },
      { field: 'gone', oldValue: 'y', newValue: null },
    ]);
  });
});
