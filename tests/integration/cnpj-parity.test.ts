import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj, isValidCnpj } from '../../src/domain/companies/cnpj';
import { isCnpj, maskCnpj } from '../../src/ui/lib/cnpj';

// The UI checks a CNPJ before sending it with its own copy of the rule (it imports no server code): both must give
// the same answer for every input, or a form would refuse what the server takes (or the other way round).
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const first12 = fc.array(fc.constantFrom(...ALPHANUMERIC), { minLength: 12, maxLength: 12 }).map((c) => c.join(''));

describe('CNPJ in the UI and in the domain', () => {
  it('agree on valid CNPJs, however punctuated, and on one check digit changed', () => {
    fc.assert(
      fc.property(first12, fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const cnpj = body + cnpjCheckDigits(body);
        const wrong = cnpj.slice(0, 13) + ((Number(cnpj[13]) + shift) % 10);
        for (const input of [cnpj, formatCnpj(cnpj), maskCnpj(cnpj), cnpj.toLowerCase(), wrong])
          expect(isCnpj(input), input).toBe(isValidCnpj(input));
        expect(maskCnpj(cnpj)).toBe(formatCnpj(cnpj));
      }),
    );
  });

  it('agree on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (input) => {
        expect(isCnpj(input)).toBe(isValidCnpj(input));
      }),
    );
  });
});
