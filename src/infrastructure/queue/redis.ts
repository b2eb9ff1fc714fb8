import { Redis, type RedisOptions } from 'ioredis';

/**
 * Producers and request-path clients fail fast (no offline queue, few retries) so an API call that needs
 * Redis answers 503 instead of hanging; workers (BullMQ's blocking connections) wait forever instead.
 */
export function createRedis(url: string, role: 'client' | 'worker', extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    connectTimeout: 5_000,
    ...(role === 'client'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2_000 }
      : { maxRetriesPerRequest: null }),
    retryStrategy: (times) => Math.min(times * 200, 5_000),
    ...extra,
  });
}
