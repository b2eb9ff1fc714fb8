import type { ReadCache } from '../../domain/shared/read-cache.port';

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/**
 * The process's ReadCache: answers in memory, all of them forgotten at once whenever data changes (`invalidate`,
 * called by the WriteWatch), each also after `ttlMs` (what depends on the clock alone: an activity becoming overdue,
 * a deal becoming stale). An answer being read is shared by every request for its key that arrives meanwhile; a
 * failed read is not kept. Entries are registered before their read starts, so a change reported after that drops
 * them, and a read that starts after a change sees it. `ttlMs` 0 turns the cache off.
 */
export class MemoryReadCache implements ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  invalidate(): void {
    // Every write calls this: an empty Map's clear() would still allocate it a new table.
    if (this.entries.size) this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const found = this.entries.get(key);
    if (found && found.expires > now) return found.value as Promise<T>;
    // The oldest entry makes room (a Map iterates in insertion order).
    if (!found && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
