import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { addressLine, maskCep, websiteLabel, withScheme } from '../company-format';
import { companySchema } from '../company-schema';
import { parseCompanyFilters } from '../use-company-filters';

describe('company format', () => {
  it('masks a CEP as it is typed', () => {
    expect(maskCep('0131')).toBe('0131');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310-100 9')).toBe('01310-100');
  });

  it('adds https to a website typed without a scheme, and reads one without it', () => {
    expect(withScheme('acme.com.br')).toBe('https://acme.com.br');
    expect(withScheme('http://acme.com.br')).toBe('http://acme.com.br');
    expect(withScheme('')).toBe('');
    expect(websiteLabel('https://www.acme.com.br/')).toBe('acme.com.br');
    expect(websiteLabel('http://acme.com.br/loja')).toBe('acme.com.br/loja');
  });

  it('writes the address with what is known', () => {
    const none = { street: null, number: null, cep: null, city: null, uf: null };
    expect(addressLine(none)).toBe('');
    expect(addressLine({ ...none, city: 'Recife', uf: 'PE' })).toBe('Recife/PE');
    expect(addressLine({ street: 'Av. Paulista', number: '1000', cep: '01310-100', city: 'São Paulo', uf: 'SP' })).toBe(
      'Av. Paulista, 1000 · 01310-100 · São Paulo/SP',
    );
  });
});

describe('company filters in the URL', () => {
  it('reads the valid ones and drops the rest', () => {
    expect(
      parseCompanyFilters(new URLSearchParams('search=%20acme%20&segment=Varejo&owner=7&tag=vip&city=Recife&uf=pe')),
    ).toEqual({ search: 'acme', segment: 'Varejo', owner: 7, tag: 'vip', city: 'Recife', uf: 'PE' });
    expect(parseCompanyFilters(new URLSearchParams('search=&owner=-1&uf=XX&city=%20'))).toEqual({
      search: undefined,
      segment: undefined,
      owner: undefined,
      tag: undefined,
      city: undefined,
      uf: undefined,
    });
  });
});

describe('company form schema', () => {
  const t = ((key: string) => key) as unknown as TFunction;
  const base = {
    name: 'Acme',
    cnpj: '',
    tradeName: '',
    segment: '',
    size: null,
    website: '',
    emailDomain: '',
    phone: '',
    cep: '',
    street: '',
    number: '',
    city: '',
    uf: null,
    tags: [],
    notes: '',
    ownerId: 1,
  };
  const errors = (values: object) => {
    const result = companySchema(t).safeParse({ ...base, ...values });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('needs a name; sends empty fields as null and the website with its scheme', () => {
    expect(errors({ name: '  ' })).toEqual({ name: 'validation.required' });
    const parsed = companySchema(t).parse({ ...base, website: 'acme.com.br', emailDomain: '@Acme.COM.br' });
    expect(parsed).toMatchObject({
      cnpj: null,
      tradeName: null,
      website: 'https://acme.com.br',
      emailDomain: 'acme.com.br',
    });
  });

  it('checks the CNPJ by its check digits, the CEP, the website, the domain and the phone', () => {
    expect(errors({ cnpj: '11.222.333/0001-81', cep: '01310-100' })).toEqual({});
    expect(errors({ cnpj: '11.222.333/0001-82' })).toEqual({ cnpj: 'companies.form.invalidCnpj' });
    expect(errors({ cep: '1310-100' })).toEqual({ cep: 'companies.form.invalidCep' });
    expect(errors({ website: 'not a site' })).toEqual({ website: 'companies.form.invalidWebsite' });
    expect(errors({ emailDomain: 'acme' })).toEqual({ emailDomain: 'companies.form.invalidDomain' });
    expect(errors({ phone: 'ligar depois' })).toEqual({ phone: 'validation.phone' });
  });
});
