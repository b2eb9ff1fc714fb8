import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../shared/viewer';
import type { Company } from '../company';
import {
  guessCompanyMapping,
  planCompanyImport,
  readCompanyCells,
  websiteDomain,
  type CheckedCompanyRow,
  type CompanyMatchIndex,
  type ImportedCompany,
} from '../company-import';

const admin: Viewer = { id: 1, role: 'admin' };
const employee: Viewer = { id: 2, role: 'employee' };

function company(id: number, values: Partial<Company>): Company {
  return {
    id,
    name: `Company ${id}`,
    cnpj: null,
    tradeName: null,
    segment: null,
    size: null,
    website: null,
    emailDomain: null,
    phone: null,
    cep: null,
    street: null,
    number: null,
    city: null,
    uf: null,
    tags: [],
    notes: null,
    customFields: {},
    ownerId: 1,
    ownerName: null,
    createdBy: 1,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...values,
  };
}

const a = company(1, { name: 'Alfa', cnpj: '11.222.333/0001-81', emailDomain: 'alfa.test' });
const b = company(2, { name: 'Beta', emailDomain: 'beta.test' });
const c1 = company(3, { name: 'Gama', emailDomain: 'gama.test' });
const c2 = company(4, { name: 'Gama', emailDomain: 'gama.test', ownerId: 2, createdBy: 2 });

const index: CompanyMatchIndex = {
  byCnpj: new Map([['11222333000181', a]]),
  byDomain: new Map([
    ['alfa.test', [a]],
    ['beta.test', [b]],
    ['gama.test', [c1, c2]],
  ]),
  nameKeys: new Map([
    ['Alfa', 'alfa'],
    ['BETA', 'beta'],
    ['gama', 'gama'],
    ['Nova', 'nova'],
    ['NOVA ', 'nova'],
  ]),
  byNameKey: new Map([
    ['alfa', [a]],
    ['beta', [b]],
    ['gama', [c1, c2]],
  ]),
};

const row = (rowNumber: number, fields: ImportedCompany): CheckedCompanyRow => ({ rowNumber, fields, ownerId: 1 });

const outcome = (viewer: Viewer, rows: CheckedCompanyRow[], mode: 'update' | 'skip' = 'update') =>
  planCompanyImport(viewer, rows, index, mode).map((r) => [r.action, r.matchedBy, r.company?.id ?? null, r.reason]);

describe('planCompanyImport', () => {
  it('matches by CNPJ before the e-mail domain, by a domain one company has before the name, then by name (the oldest)', () => {
    expect(
      outcome(admin, [
        row(1, { name: 'Beta', cnpj: '11222333000181', emailDomain: 'beta.test', city: 'X' }),
        row(2, { name: 'Whatever', website: 'https://www.beta.test/a', city: 'X' }),
        row(3, { name: 'gama', emailDomain: 'gama.test', city: 'X' }),
        row(4, { name: 'Nova', city: 'X' }),
      ]),
    ).toEqual([
      ['update', 'cnpj', 1, null],
      ['update', 'emailDomain', 2, null],
      // gama.test is two companies' domain: the name decides.
      ['update', 'name', 3, null],
      ['create', null, null, null],
    ]);
  });

  it("a company with another CNPJ is not the row's by domain or name", () => {
    expect(outcome(admin, [row(1, { name: 'Alfa', cnpj: '11444777000161', emailDomain: 'alfa.test' })])).toEqual([
      ['create', null, null, null],
    ]);
  });

  it('refuses later rows for a company an earlier row creates (same name up to its key) and rows with nothing to create by', () => {
    expect(
      outcome(admin, [row(1, { name: 'Nova' }), row(2, { name: 'NOVA ' }), row(3, { cnpj: '11444777000161' })]),
    ).toEqual([
      ['create', null, null, null],
      ['rejected', null, null, 'the same company as row 1'],
      ['rejected', null, null, 'name is required to create a company'],
    ]);
  });

  it('skips unchanged rows and, for an employee, refuses changing a company that is not theirs', () => {
    expect(
      outcome(employee, [
        row(1, { name: 'BETA', city: 'Changed' }),
        row(2, { name: 'Alfa', cnpj: '11.222.333/0001-81' }),
        row(3, { name: 'gama', emailDomain: 'gama.test', city: 'Mine' }),
      ]),
    ).toEqual([
      ['rejected', 'name', 2, 'company #2 belongs to someone else'],
      ['skip', 'cnpj', 1, null],
      ['rejected', 'name', 3, 'company #3 belongs to someone else'],
    ]);
    expect(outcome(admin, [row(1, { name: 'BETA', city: 'Changed' })], 'skip')).toEqual([['skip', 'name', 2, null]]);
  });
});

describe('reading a file', () => {
  it('guesses our export headers in both forms and Portuguese and English words', () => {
    expect(
      guessCompanyMapping(['id', 'name', 'cnpj', 'tradeName', 'emailDomain', 'ownerId', 'ownerName', 'createdAt']),
    ).toEqual({ name: 'name', cnpj: 'cnpj', tradeName: 'tradeName', emailDomain: 'emailDomain', ownerName: 'owner' });
    expect(
      guessCompanyMapping(['ID', 'Nome', 'Nome fantasia', 'Domínio de e-mail', 'Porte', 'Responsável', 'Criada em']),
    ).toEqual({
      Nome: 'name',
      'Nome fantasia': 'tradeName',
      'Domínio de e-mail': 'emailDomain',
      Porte: 'size',
      Responsável: 'owner',
    });
    expect(guessCompanyMapping(['Razão social', 'Postal code', 'State'])).toEqual({
      'Razão social': 'name',
      'Postal code': 'cep',
      State: 'uf',
    });
  });

  it('reads a row as the export wrote it: labels, neutralised formulas and tags, empty cells left out', () => {
    const mapping = { Nome: 'name', Porte: 'size', Tags: 'tags', Cidade: 'city', Dono: 'owner' } as const;
    expect(
      readCompanyCells({ Nome: "'=CMD()", Porte: 'Pequena', Tags: "a;'=1+1; a", Cidade: ' ', Dono: 'ana' }, mapping),
    ).toEqual({ values: { name: '=CMD()', size: 'small', tags: ['a', '=1+1'] }, owner: 'ana' });
    expect(readCompanyCells({ Nome: 'x\u0000' }, mapping)).toEqual({
      reason: 'name contains a NUL character (U+0000)',
    });
  });

  it('takes the domain of a website', () => {
    expect(websiteDomain('https://www.Acme.com.br/contato')).toBe('acme.com.br');
    expect(websiteDomain('acme.com')).toBe('acme.com');
    expect(websiteDomain('http://')).toBeNull();
  });
});
