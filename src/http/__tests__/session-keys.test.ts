import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { SessionKeys } from '../session-keys';

const cookie =
  'funil.sid=eyJ0IjoidTVmcnFWTWlzRE84RG9tQjVuZ0JTNGN5VTExdUtFT2hydW56QmpMOWVlQSIsImlhdCI6MTc5NTQ2NjYxNDQ2OH0=';

describe('SessionKeys', () => {
  it('signs as Keygrip did, so the cookies of sessions open before an upgrade stay valid', () => {
    const old = new Keygrip(['a-secret-of-the-right-length-for-funil-0123']);
    const keys = new SessionKeys(['a-secret-of-the-right-length-for-funil-0123']);
    expect(keys.sign(cookie)).toBe(old.sign(cookie));
    expect(keys.verify(cookie, old.sign(cookie))).toBe(true);
  });

  it('refuses a wrong, shortened or empty signature and one made with another key', () => {
    const keys = new SessionKeys(['key-one']);
    const good = keys.sign(cookie);
    expect(keys.index(cookie, `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`)).toBe(-1);
    expect(keys.index(cookie, good.slice(0, -1))).toBe(-1);
    expect(keys.index(cookie, '')).toBe(-1);
    expect(keys.index(cookie, new SessionKeys(['key-two']).sign(cookie))).toBe(-1);
    expect(keys.index(`${cookie}x`, good)).toBe(-1);
  });

  it('signs with the first key and verifies with any, for key rotation', () => {
    const rotated = new SessionKeys(['new-key', 'old-key']);
    expect(rotated.index(cookie, new SessionKeys(['old-key']).sign(cookie))).toBe(1);
    expect(rotated.index(cookie, rotated.sign(cookie))).toBe(0);
  });
});
