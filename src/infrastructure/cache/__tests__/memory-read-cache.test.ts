import { describe, expect, it } from 'vitest';
import { MemoryReadCache } from '../memory-read-cache';

/** A read that counts its calls and answers when told to. */
function reader() {
  let calls = 0;
  const pending: ((value: string) => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls += 1;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    answer: (value: string) => pending.shift()!(value),
  };
}

describe('MemoryReadCache', () => {
  it('answers a key from memory until data changes, then reads again', async () => {
    const cache = new MemoryReadCache(30_000);
    let reads = 0;
    const load = async () => `answer ${++reads}`;
    expect(await cache.get('team', load)).toBe('answer 1');
    expect(await cache.get('team', load)).toBe('answer 1');
    expect(await cache.get('other', load)).toBe('answer 2');
    cache.invalidate();
    expect(await cache.get('team', load)).toBe('answer 3');
    expect(await cache.get('other', load)).toBe('answer 4');
  });

  it('shares one read among the requests that arrive while it runs', async () => {
    const cache = new MemoryReadCache(30_000);
    const read = reader();
    const first = cache.get('team', read.load);
    const second = cache.get('team', read.load);
    expect(read.calls).toBe(1);
    read.answer('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
  });

  it('does not keep a read that started before a change for the requests after it', async () => {
    const cache = new MemoryReadCache(30_000);
    const read = reader();
    const before = cache.get('team', read.load);
    cache.invalidate();
    const after = cache.get('team', read.load);
    expect(read.calls).toBe(2);
    read.answer('old');
    read.answer('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.get('team', read.load)).toBe('new');
  });

  it('reads again once an answer is older than its time to live', async () => {
    let now = 1_000;
    const cache = new MemoryReadCache(30_000, 100, () => now);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('agenda', load)).toBe(1);
    now += 29_999;
    expect(await cache.get('agenda', load)).toBe(1);
    now += 1;
    expect(await cache.get('agenda', load)).toBe(2);
  });

  it('keeps no failed read: the next request tries again', async () => {
    const cache = new MemoryReadCache(30_000);
    await expect(cache.get('team', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await Promise.resolve();
    expect(await cache.get('team', async () => 'back')).toBe('back');
  });

  it('makes room by forgetting the oldest key, and keeps nothing when its time to live is 0', async () => {
    const cache = new MemoryReadCache(30_000, 2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a again')).toBe('a again');
    expect(await cache.get('c', async () => 'c again')).toBe('c');

    const off = new MemoryReadCache(0);
    let reads = 0;
    await off.get('team', async () => ++reads);
    expect(await off.get('team', async () => ++reads)).toBe(2);
    expect(off.size).toBe(0);
  });
});
