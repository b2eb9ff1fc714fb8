import { describe, expect, it } from 'vitest';
import { PasswordWorkBusyError } from '../../../domain/users/users.errors';
import { Argon2PasswordHasher } from '../argon2-password-hasher';

describe('Argon2PasswordHasher', () => {
  it('checks passwords', async () => {
    const hasher = new Argon2PasswordHasher();
    const hash = await hasher.hash('right password');
    expect(await hasher.verify(hash, 'right password')).toBe(true);
    expect(await hasher.verify(hash, 'wrong password')).toBe(false);
    expect(await hasher.verify('not a hash', 'right password')).toBe(false);
  });

  it('runs no more hashes at once than its concurrency, and refuses beyond its queue with a wait to come back after', async () => {
    const hasher = new Argon2PasswordHasher({ concurrency: 2, maxWaiting: 3 });
    const hash = await hasher.hash('pw');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => hasher.verify(hash, 'pw')));
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toBeInstanceOf(PasswordWorkBusyError);
      expect(error.code).toBe('SERVICE.UNAVAILABLE');
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    // Once the queue drains, work is taken again.
    expect(await hasher.verify(hash, 'pw')).toBe(true);
  });
});
