import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { injectable } from 'inversify';
import { PasswordWorkBusyError } from '../../domain/users/users.errors';
import type { PasswordHasher } from '../../domain/users/users.ports';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file system,
 * DNS and other crypto work share, on cores the event loop needs too. At most 2 hashes at once, and never more
 * than the cores but one: a burst of sign-ins then waits its turn instead of taking the CPU from every request.
 */
export const ARGON2_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Hashes waiting beyond these get 503 with Retry-After at once (a second or two of work at 19 MiB). */
export const ARGON2_MAX_WAITING = 64;

export interface Argon2Limits {
  concurrency?: number;
  maxWaiting?: number;
}

@injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** A moving average of one hash's duration, to tell a refused caller when to come back. */
  private averageMs = 50;

  constructor(limits: Argon2Limits = {}) {
    this.concurrency = limits.concurrency ?? ARGON2_CONCURRENCY;
    this.maxWaiting = limits.maxWaiting ?? ARGON2_MAX_WAITING;
  }

  hash(password: string): Promise<string> {
    return this.inTurn(() => argon2.hash(password, ARGON2_OPTIONS));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.inTurn(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    });
  }

  /** Runs the work when one of the places is free, in arrival order; refuses it when the queue is full. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw new PasswordWorkBusyError(
          Math.max(1, Math.ceil((this.waiting.length * this.averageMs) / this.concurrency / 1000)),
        );
      }
      // The place is handed over by the work that ends (running stays counted), so no newcomer jumps the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
