/**
 * A Map that keeps at most `max` entries, the oldest inserted leaving first: a memory of facts that hold for the
 * process's life (a cookie's signature held, a token's hash), so a flood of distinct keys costs memory up to `max`
 * and nothing more. Nothing is ever stale: only what cannot change is kept here.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
