import type { Clock } from '../clock';
import type { UnitOfWork } from '../unit-of-work.port';

/** An in-memory store a unit of work can roll back: `snapshot` answers the function that puts it back. */
export interface RollsBack {
  snapshot(): () => void;
}

/**
 * A transaction over in-memory stores: a unit of work that throws puts every store back as it found it, as the
 * database's rollback would; a nested `run` joins the outer one.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private depth = 0;
  committed = 0;

  constructor(private readonly stores: RollsBack[]) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    const restores = this.stores.map((store) => store.snapshot());
    this.depth += 1;
    try {
      const result = await work();
      this.committed += 1;
      return result;
    } catch (error) {
      for (const restore of restores) restore();
      throw error;
    } finally {
      this.depth -= 1;
    }
  }
}

/** A clock that stands still until moved. */
export class FixedClock implements Clock {
  constructor(private at: Date) {}

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}
