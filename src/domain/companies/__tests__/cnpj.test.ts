import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj, isValidCnpj, normalizeCnpj } from '../cnpj';

// Check digits computed by hand (and by a separate script) with the modulus-11 weights.
const VALID = ['11.222.333/0001-81', '11.444.777/0001-61', '12.345.678/0001-95', '00.000.001/0001-36'];

describe('CNPJ', () => {
  it('accepts valid numeric CNPJs, formatted or bare', () => {
    for (const cnpj of VALID) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
      expect(isValidCnpj(normalizeCnpj(cnpj)), cnpj).toBe(true);
    }
    expect(isValidCnpj(' 11 222 333 0001 81 ')).toBe(true);
  });

  it('normalizes to 14 characters, upper case, and formats as 00.000.000/0000-00', () => {
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('refuses wrong check digits, wrong lengths, letters where digits go, and one digit repeated', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(isValidCnpj('11#222333000181')).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14)), String(d)).toBe(false);
  });

  it("computes the Receita Federal's published alphanumeric example, 12.ABC.345/01DE-35", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
  });

  const first12 = fc
    .array(fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: 12, maxLength: 12 })
    .map((chars) => chars.join(''))
    .filter((s) => !/^(\d)\1{11}$/.test(s));
  const cnpj = first12.map((s) => s + cnpjCheckDigits(s));

  it('formats then parses back to the same CNPJ, still valid', () => {
    fc.assert(
      fc.property(cnpj, (c) => {
        const formatted = formatCnpj(c);
        expect(formatted).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
        expect(normalizeCnpj(formatted)).toBe(c);
        expect(isValidCnpj(formatted)).toBe(true);
      }),
    );
  });

  it('is invalid once either check digit changes', () => {
    fc.assert(
      fc.property(cnpj, fc.integer({ min: 12, max: 13 }), fc.integer({ min: 1, max: 9 }), (c, at, shift) => {
        const digit = (Number(c[at]) + shift) % 10;
        const changed = c.slice(0, at) + digit + c.slice(at + 1);
        expect(isValidCnpj(changed)).toBe(false);
      }),
    );
  });
});
