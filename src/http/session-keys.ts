import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session cookie's signing keys, as cookie-session (through `cookies`) uses a Keygrip: the same signatures
 * (HMAC-SHA1 in URL-safe base64 without padding, the first key signs, any key verifies), compared with
 * `crypto.timingSafeEqual`. Keygrip compares through tsscmp, which draws random bytes and computes two more
 * HMACs per comparison: on every API request, that was a tenth of a session check's CPU.
 */
export class SessionKeys {
  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error('SessionKeys: at least one key');
  }

  sign(data: string): string {
    return this.digest(data, this.keys[0]);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(this.digest(data, this.keys[i]));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }

  private digest(data: string, key: string): string {
    return createHmac('sha1', key).update(data).digest('base64url');
  }
}
