import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../../domain/users/users.ports';
import { createRedis } from '../../queue/redis';
import { MemoryRateLimiter, RedisRateLimiter } from '../rate-limiters';

const redis = process.env.REDIS_URL ? createRedis(process.env.REDIS_URL, 'client') : undefined;
const prefix = `funil-test-rl-${randomBytes(4).toString('hex')}:ratelimit:`;

beforeAll(async () => {
  // A client that queues nothing offline: wait until it is connected.
  if (redis && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
});

afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const limiters: Array<[string, () => RateLimiter]> = [['memory', () => new MemoryRateLimiter()]];
if (redis) limiters.push(['redis', () => new RedisRateLimiter(redis, `${prefix}${randomBytes(4).toString('hex')}:`)]);

describe.each(limiters)('%s rate limiter', (_name, make) => {
  const rules = [
    { key: 'account', limit: 3, windowMs: 60_000 },
    { key: 'ip', limit: 5, windowMs: 60_000 },
  ];

  it('lets exactly the limit through a parallel burst, says when the block starts, and counts nothing it refuses', async () => {
    const limiter = make();
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.consume(rules)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    expect(decisions.filter((d) => d.allowed && d.blocksFor > 0)).toHaveLength(1);
    for (const d of decisions.filter((x) => !x.allowed)) expect(d.retryAfter).toBeGreaterThanOrEqual(59);
    // The refused ones did not count against the address: 2 more there, on another account.
    const other = [{ ...rules[0], key: 'account-2' }, rules[1]];
    const next = await Promise.all(Array.from({ length: 5 }, () => limiter.consume(other)));
    expect(next.map((d) => d.allowed)).toEqual([true, true, false, false, false]);
  });

  it('gives back a refunded attempt and starts over after a reset', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i += 1) expect((await limiter.consume(rules)).allowed).toBe(true);
    expect((await limiter.consume(rules)).allowed).toBe(false);
    await limiter.refund(rules);
    expect((await limiter.consume(rules)).allowed).toBe(true);
    await limiter.reset('account');
    expect((await limiter.consume([rules[0]])).allowed).toBe(true);
    expect(await limiter.consume([])).toEqual({
      allowed: true,
      retryAfter: 0,
      blocksFor: 0,
      remaining: 0,
      resetAfter: 0,
    });
  });

  it('hands out turns an interval apart, across parallel callers, and refuses one that would wait too long', async () => {
    const limiter = make();
    const turns = await Promise.all(Array.from({ length: 4 }, () => limiter.takeTurn('pace', 1000, 2500)));
    const waits = turns.flatMap((t) => (t.allowed ? [t.waitMs] : [])).sort((a, b) => a - b);
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeGreaterThan(900);
    expect(waits[2]).toBeGreaterThan(1900);
    expect(turns.find((t) => !t.allowed)).toEqual({ allowed: false, retryAfter: 3 });
    expect(await limiter.takeTurn('other', 1000, 2500)).toEqual({ allowed: true, waitMs: 0 });
  });
});
