import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/shared/app-error';
import en from '../../src/ui/locales/en.json';
import pt from '../../src/ui/locales/pt.json';

const lookup = (messages: unknown, code: string): unknown =>
  code
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      messages,
    );

// The UI shows errors.<code> for every error the API answers (src/ui/lib/errors.ts); a missing one would show
// the server's English message to a Portuguese reader.
describe('error messages', () => {
  it.each([
    ['en', en.errors],
    ['pt', pt.errors],
  ])('every API error code has a %s message', (_lang, errors) => {
    const missing = ERROR_CODES.filter(
      (code) => typeof lookup(errors, code) !== 'string' || !(lookup(errors, code) as string).trim(),
    );
    expect(missing).toEqual([]);
  });
});
