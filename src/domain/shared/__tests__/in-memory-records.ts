import type { RollsBack } from './in-memory-unit-of-work';

/** Records by id, with what every in-memory repository of records needs: ids, copies out, moments, rollback. */
export abstract class InMemoryRecords<T extends { id: number }> implements RollsBack {
  rows = new Map<number, T>();
  private nextId = 1;
  private tick = 0;

  snapshot(): () => void {
    const saved = new Map([...this.rows].map(([id, row]) => [id, { ...row }]));
    return () => {
      this.rows = saved;
    };
  }

  async findById(id: number): Promise<T | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async delete(id: number): Promise<void> {
    this.rows.delete(id);
  }

  protected newId(): number {
    return this.nextId++;
  }

  /** Each write a later moment, as updatedAt in the database always moves forward. */
  protected stamp(): Date {
    this.tick += 1;
    return new Date(Date.UTC(2026, 0, 1) + this.tick);
  }
}
