import type { Redis } from 'ioredis';
import { AppError } from '../../domain/shared/app-error';
import type { RateLimitDecision, RateLimitRule, RateLimiter, TurnDecision } from '../../domain/users/users.ports';

/** Without its counters sign-in cannot be throttled, so it is refused (503) rather than let through. */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw new AppError('SERVICE.UNAVAILABLE', 'Sign-in is briefly unavailable; try again shortly');
  }
}

/**
 * KEYS: the rules' counters; ARGV: limit and window (ms) of each, in turn. When every counter is under its
 * limit, counts one more on each (a new counter's window starts now) and answers {1, ms of the block this
 * attempt started, or 0}; else counts nothing and answers {0, ms until every counter has room}. One script
 * runs alone on the server, so parallel attempts, from any instance, are counted one after the other.
 */
const CONSUME_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then
      ttl = tonumber(ARGV[2 * i])
      redis.call('PEXPIRE', key, ttl)
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return {0, wait} end
local blocks = 0
local remaining = -1
local reset = 0
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    ttl = tonumber(ARGV[2 * i])
    redis.call('PEXPIRE', key, ttl)
  end
  if count >= tonumber(ARGV[2 * i - 1]) and ttl > blocks then blocks = ttl end
  local left = tonumber(ARGV[2 * i - 1]) - count
  if remaining < 0 or left < remaining then remaining = left end
  if ttl > reset then reset = ttl end
end
return {1, blocks, remaining, reset}
`;

/** Takes one back from each counter that still has one (a reset or the window's end may have come first). */
const REFUND_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
`;

/**
 * KEYS: the queue; ARGV: interval and longest wait (ms). The key lives until the queue's next free turn, which
 * a reservation moves `interval` later. Answers {1, ms to wait} having reserved it, or {0, ms} refusing.
 */
const TURN_SCRIPT = `
local wait = redis.call('PTTL', KEYS[1])
if wait < 0 then wait = 0 end
if wait > tonumber(ARGV[2]) then return {0, wait} end
redis.call('SET', KEYS[1], '1', 'PX', wait + tonumber(ARGV[1]))
return {1, wait}
`;

type RateLimitCommands = Redis & {
  funilRateLimitTurn(keyCount: number, key: string, intervalMs: number, maxWaitMs: number): Promise<[number, number]>;
  funilRateLimitConsume(
    keyCount: number,
    ...keysAndArgs: Array<string | number>
  ): Promise<[number, number, number?, number?]>;
  funilRateLimitRefund(keyCount: number, ...keys: string[]): Promise<number>;
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Fixed-window counters in Redis, so every instance counts the same attempts. The prefix is the deployment's
 * (QUEUE_PREFIX), so two deployments on one Redis never share counters.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: RateLimitCommands;

  constructor(
    redis: Redis,
    private readonly prefix = 'funil:ratelimit:',
  ) {
    // EVALSHA, falling back to EVAL once per connection.
    redis.defineCommand('funilRateLimitConsume', { lua: CONSUME_SCRIPT });
    redis.defineCommand('funilRateLimitRefund', { lua: REFUND_SCRIPT });
    redis.defineCommand('funilRateLimitTurn', { lua: TURN_SCRIPT });
    this.redis = redis as RateLimitCommands;
  }

  consume(rules: RateLimitRule[]): Promise<RateLimitDecision> {
    if (rules.length === 0)
      return Promise.resolve({ allowed: true, retryAfter: 0, blocksFor: 0, remaining: 0, resetAfter: 0 });
    return orUnavailable(async () => {
      const keys = rules.map((rule) => this.prefix + rule.key);
      const args = rules.flatMap((rule) => [rule.limit, rule.windowMs]);
      const [allowed, ms, remaining = 0, reset = 0] = await this.redis.funilRateLimitConsume(
        keys.length,
        ...keys,
        ...args,
      );
      return allowed === 1
        ? { allowed: true, retryAfter: 0, blocksFor: ms > 0 ? seconds(ms) : 0, remaining, resetAfter: seconds(reset) }
        : { allowed: false, retryAfter: seconds(ms), blocksFor: 0, remaining: 0, resetAfter: seconds(ms) };
    });
  }

  refund(rules: RateLimitRule[]): Promise<void> {
    if (rules.length === 0) return Promise.resolve();
    return orUnavailable(async () => {
      await this.redis.funilRateLimitRefund(rules.length, ...rules.map((rule) => this.prefix + rule.key));
    });
  }

  reset(key: string): Promise<void> {
    return orUnavailable(async () => {
      await this.redis.del(this.prefix + key);
    });
  }

  takeTurn(key: string, intervalMs: number, maxWaitMs: number): Promise<TurnDecision> {
    return orUnavailable(async () => {
      const [allowed, ms] = await this.redis.funilRateLimitTurn(1, this.prefix + key, intervalMs, maxWaitMs);
      return allowed === 1 ? { allowed: true, waitMs: ms } : { allowed: false, retryAfter: seconds(ms) };
    });
  }
}

/** The same counters in this process's memory, for the embedded default (one process). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  /** Per queue, when its next free turn comes. */
  private readonly turns = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  // No await between the check and the count: one synchronous step, like the Redis script.
  async consume(rules: RateLimitRule[]): Promise<RateLimitDecision> {
    if (rules.length === 0) return { allowed: true, retryAfter: 0, blocksFor: 0, remaining: 0, resetAfter: 0 };
    let wait = 0;
    for (const rule of rules) {
      const window = this.live(rule.key);
      if (window && window.count >= rule.limit) wait = Math.max(wait, window.resetAt - this.now());
    }
    if (wait > 0)
      return { allowed: false, retryAfter: seconds(wait), blocksFor: 0, remaining: 0, resetAfter: seconds(wait) };
    let blocks = 0;
    let remaining = Number.POSITIVE_INFINITY;
    let reset = 0;
    for (const rule of rules) {
      const window = this.live(rule.key) ?? { count: 0, resetAt: this.now() + rule.windowMs };
      window.count += 1;
      this.windows.set(rule.key, window);
      if (window.count >= rule.limit) blocks = Math.max(blocks, window.resetAt - this.now());
      remaining = Math.min(remaining, rule.limit - window.count);
      reset = Math.max(reset, window.resetAt - this.now());
    }
    if (this.windows.size > 50_000) this.sweep();
    return {
      allowed: true,
      retryAfter: 0,
      blocksFor: blocks > 0 ? seconds(blocks) : 0,
      remaining,
      resetAfter: seconds(reset),
    };
  }

  async refund(rules: RateLimitRule[]): Promise<void> {
    for (const rule of rules) {
      const window = this.live(rule.key);
      if (window && window.count > 0) window.count -= 1;
    }
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async takeTurn(key: string, intervalMs: number, maxWaitMs: number): Promise<TurnDecision> {
    const now = this.now();
    const wait = Math.max(0, (this.turns.get(key) ?? 0) - now);
    if (wait > maxWaitMs) return { allowed: false, retryAfter: seconds(wait) };
    this.turns.set(key, now + wait + intervalMs);
    if (this.turns.size > 50_000) {
      for (const [k, last] of this.turns) if (last <= now) this.turns.delete(k);
    }
    return { allowed: true, waitMs: wait };
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
