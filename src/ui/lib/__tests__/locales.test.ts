import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The page never waits for a fallback language (src/ui/lib/i18n.ts): a key missing from the active language
// would show as the key itself. Both locales must therefore hold the same keys, none of them empty.
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
const read = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8'));

/** Every leaf of a locale as `section.key: text`. */
function leaves(texts: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(texts)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object')
      for (const [leaf, text] of leaves(value as Record<string, unknown>, name)) found.set(leaf, text);
    else found.set(name, value);
  }
  return found;
}

describe('locales', () => {
  const pt = leaves(read('pt'));
  const en = leaves(read('en'));

  it('pt and en hold the same keys', () => {
    expect(
      [...pt.keys()].filter((key) => !en.has(key)),
      'in pt, not in en',
    ).toEqual([]);
    expect(
      [...en.keys()].filter((key) => !pt.has(key)),
      'in en, not in pt',
    ).toEqual([]);
  });

  it('every text is a non-empty string', () => {
    for (const texts of [pt, en])
      expect(
        [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key),
      ).toEqual([]);
  });
});
