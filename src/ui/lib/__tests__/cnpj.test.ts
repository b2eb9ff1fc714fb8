import { describe, expect, it } from 'vitest';
import { cnpjCharacters, isCnpj, maskCnpj } from '../cnpj';

describe('isCnpj', () => {
  it('takes a CNPJ with its check digits, punctuated or bare, and the alphanumeric one of July 2026', () => {
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12abc34501de35')).toBe(true);
  });

  it('refuses wrong check digits, the wrong length, one digit repeated and letters among the check digits', () => {
    expect(isCnpj('11.222.333/0001-82')).toBe(false);
    expect(isCnpj('11.222.333/0001-18')).toBe(false);
    expect(isCnpj('1122233300018')).toBe(false);
    expect(isCnpj('112223330001811')).toBe(false);
    expect(isCnpj('00.000.000/0000-00')).toBe(false);
    expect(isCnpj('11111111111111')).toBe(false);
    expect(isCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isCnpj('')).toBe(false);
  });
});

describe('maskCnpj', () => {
  it('punctuates as far as the typing goes', () => {
    expect(maskCnpj('')).toBe('');
    expect(maskCnpj('1')).toBe('1');
    expect(maskCnpj('112')).toBe('11.2');
    expect(maskCnpj('1122233')).toBe('11.222.33');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
    expect(maskCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('re-punctuates a pasted or edited value, drops what cannot be in a CNPJ, upper-cases letters and stops at 14', () => {
    expect(maskCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11 222 333 0001 81 99')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('11.222.33/')).toBe('11.222.33');
    expect(cnpjCharacters('12.abc-345')).toBe('12ABC345');
  });
});
