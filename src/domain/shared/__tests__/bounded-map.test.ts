import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../bounded-map';

describe('BoundedMap', () => {
  it('keeps at most its size, the oldest entry leaving first', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i);
    expect(map.size).toBe(3);
    expect(map.get('a')).toBeUndefined();
    expect([map.get('b'), map.get('c'), map.get('d')]).toEqual([1, 2, 3]);
  });

  it('changes a key it holds in place, pushing nothing out', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3);
    expect(map.size).toBe(2);
    expect([map.get('a'), map.get('b')]).toEqual([3, 2]);
  });
});
