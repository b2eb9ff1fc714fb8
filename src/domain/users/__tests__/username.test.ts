import { describe, expect, it } from 'vitest';
import { canonicalUsername, USERNAME_PATTERN } from '../username';

describe('canonicalUsername', () => {
  it.each([
    ['admin', 'admin'],
    ['  Admin ', 'admin'],
    ['ADMİN', 'admin'], // U+0130, which lower-cases to i plus a combining dot
    ['admın', 'admin'], // dotless i
    ['ａｄｍｉｎ', 'admin'], // full-width
    ['ADMÍN', 'admin'],
    ['a\u0064\u0301min', 'admin'], // d with a combining acute accent
    ['Maria.Silva@x-1_2', 'maria.silva@x-1_2'],
  ])('%j means %j', (typed, canonical) => {
    expect(canonicalUsername(typed)).toBe(canonical);
  });

  it('keeps letters of other scripts, which no stored username can hold', () => {
    const cyrillic = canonicalUsername('\u0430dmin'); // Cyrillic a
    expect(cyrillic).not.toBe('admin');
    expect(USERNAME_PATTERN.test(cyrillic)).toBe(false);
  });

  it('is the ASCII lower case of every username the API accepts', () => {
    for (const name of ['ABC', 'x.Y_z-9@Q', 'IiIi']) {
      expect(USERNAME_PATTERN.test(name)).toBe(true);
      expect(canonicalUsername(name)).toBe(name.replace(/[A-Z]/g, (c) => c.toLowerCase()));
    }
  });
});
