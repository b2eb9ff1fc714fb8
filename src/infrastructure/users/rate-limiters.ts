import type { Redis } from 'ioredis';
import { AppError } from '../../domain/shared/app-error';
import type { RateLimitRule, RateLimiter } from '../../domain/users/users.ports';

/** Without its counters sign-in cannot be throttled, so it is refused (503) rather than let through. */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new AppError('SERVICE.UNAVAILABLE', 'Sign-in is briefly unavailable; try again shortly');
  void error;
  }
}

/** Fixed-window counters in Redis, so every instance counts the same attempts. */
export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis, private readonly prefix = 'funil:ratelimit:') {}

  retryAfter(rules: RateLimitRule[]): Promise<number> {
    return orUnavailable(() => this.ttlOfBlocked(rules));
  }

  private async ttlOfBlocked(rules: RateLimitRule[]): Promise<number> {
    let wait = 0;
    for (const rule of rules) {
      const key = this.prefix + rule.key;
      const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
      if (Number(count ?? 0) >= rule.limit && ttl > 0) wait = Math.max(wait, Math.ceil(ttl / 1000));
    }
    return wait;
  }

  hit(rules: RateLimitRule[]): Promise<void> {
    return orUnavailable(async () => {
      for (const rule of rules) {
        const key = this.prefix + rule.key;
        await this.redis.multi().incr(key).pexpire(key, rule.windowMs, 'NX').exec();
      }
    });
  }

  reset(key: string): Promise<void> {
    return orUnavailable(async () => {
      await this.redis.del(this.prefix + key);
    });
  }
}

/** The same counters in this process's memory, for the embedded default (one process). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async retryAfter(rules: RateLimitRule[]): Promise<number> {
    let wait = 0;
    for (const rule of rules) {
      const window = this.live(rule.key);
      if (window && window.count >= rule.limit) wait = Math.max(wait, Math.ceil((window.resetAt - this.now()) / 1000));
    }
    return wait;
  }

  async hit(rules: RateLimitRule[]): Promise<void> {
    for (const rule of rules) {
      const window = this.live(rule.key) ?? { count: 0, resetAt: this.now() + rule.windowMs };
      window.count += 1;
      this.windows.set(rule.key, window);
    }
    if (this.windows.size > 50_000) this.sweep();
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private live(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep() {
    for (const key of this.windows.keys()) this.live(key);
  }
}
