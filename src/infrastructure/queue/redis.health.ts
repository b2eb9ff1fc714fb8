import type { Redis } from 'ioredis';
import type { HealthCheck } from '../../domain/shared/health';

/** Redis carries the job queue: reachable, and configured not to evict jobs under memory pressure. */
export class RedisHealthCheck implements HealthCheck {
  readonly name = 'redis';
  constructor(private readonly redis: Redis) {}

  async check() {
    await this.redis.ping();
    const [, policy] = ((await this.redis.config('GET', 'maxmemory-policy').catch(() => [])) as string[]) ?? [];
    if (policy && policy !== 'noeviction') {
      return { warning: `maxmemory-policy is ${policy}; set noeviction so queued jobs are never evicted` };
    }
  }
}
