import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCustomValues, checkOptions, normalizeOptions } from '../custom-field';
import { customField } from './custom-fields-of';

const field = customField;

const segment = field('segment', 'select', {
  options: normalizeOptions(['retail', { key: 'industry', label: { pt: 'Indústria', en: 'Industry' } }]).concat({
    key: 'old',
    label: { pt: 'Antigo', en: 'Old' },
    retired: true,
  }),
});
const FIELDS = [
  field('nickname', 'text'),
  field('about', 'longText'),
  field('employees', 'number'),
  field('budget', 'currency'),
  field('since', 'date'),
  segment,
  { ...segment, key: 'channels', type: 'multiSelect' as const },
  field('vip', 'checkbox'),
  field('site', 'url'),
  field('billing', 'email'),
  field('whatsapp', 'phone'),
  field('legacy', 'text', { retired: true }),
];

/** The path a refusal names, or 'accepted'. */
const refusal = (values: Record<string, unknown>, fields = FIELDS, mode: 'create' | 'update' = 'update') => {
  try {
    checkCustomValues(fields, values, mode);
    return 'accepted';
  } catch (error) {
    return (error as { details: { path: string }[] }).details[0]!.path;
  }
};

describe('custom field values', () => {
  it('accepts a value of every type and stores it in its shape', () => {
    expect(
      checkCustomValues(
        FIELDS,
        {
          nickname: '  Zé  ',
          about: 'x'.repeat(10_000),
          employees: 12.5,
          budget: '1500.5',
          since: '2024-02-29',
          segment: 'industry',
          channels: ['retail', 'industry', 'retail'],
          vip: false,
          site: 'https://padaria.com.br/contato',
          billing: 'Financeiro@Padaria.com.br',
          whatsapp: '+55 (11) 98765-4321',
        },
        'create',
      ),
    ).toMatchObject({
      nickname: 'Zé',
      budget: '1500.50',
      channels: ['retail', 'industry'],
      billing: 'financeiro@padaria.com.br',
      vip: false,
    });
  });

  it('refuses a wrong type, an unknown or retired option, an unknown or retired field, naming customFields.<key>', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nickname: 42 }, 'customFields.nickname'],
      [{ nickname: 'x'.repeat(501) }, 'customFields.nickname'],
      [{ employees: '12' }, 'customFields.employees'],
      [{ employees: Number.NaN }, 'customFields.employees'],
      [{ budget: '1.234' }, 'customFields.budget'],
      [{ budget: '1,50' }, 'customFields.budget'],
      [{ since: '2023-02-29' }, 'customFields.since'],
      [{ since: '29/02/2024' }, 'customFields.since'],
      [{ segment: 'farming' }, 'customFields.segment'],
      [{ segment: 'old' }, 'customFields.segment'],
      [{ channels: 'retail' }, 'customFields.channels'],
      [{ channels: ['retail', 'nope'] }, 'customFields.channels'],
      [{ vip: 'yes' }, 'customFields.vip'],
      [{ site: 'javascript:alert(1)' }, 'customFields.site'],
      [{ billing: 'not-an-email' }, 'customFields.billing'],
      [{ whatsapp: 'call me' }, 'customFields.whatsapp'],
      [{ unknown: 'x' }, 'customFields.unknown'],
      [{ legacy: 'x' }, 'customFields.legacy'],
    ];
    for (const [values, path] of cases) expect(refusal(values), JSON.stringify(values)).toBe(path);
  });

  it('asks for a required field on a create, and lets an update leave it out but never empty it', () => {
    const fields = [
      field('cpf', 'text', { required: true }),
      { ...segment, key: 'tags', type: 'multiSelect' as const, required: true },
    ];
    expect(refusal({ tags: ['retail'] }, fields, 'create')).toBe('customFields.cpf');
    expect(refusal({ cpf: '123', tags: [] }, fields, 'create')).toBe('customFields.tags');
    expect(refusal({ cpf: '123', tags: ['retail'] }, fields, 'create')).toBe('accepted');
    expect(refusal({}, fields, 'update')).toBe('accepted');
    expect(refusal({ cpf: null }, fields, 'update')).toBe('customFields.cpf');
    expect(refusal({ cpf: '   ' }, fields, 'update')).toBe('customFields.cpf');
  });

  it('stores what it accepted so that checking it again changes nothing', () => {
    const values = fc.record(
      {
        nickname: fc.string({ maxLength: 40 }),
        employees: fc.double({ noNaN: true, noDefaultInfinity: true }),
        budget: fc
          .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 99 }))
          .map(([a, b]) => `${a}.${b}`),
        since: fc
          .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        channels: fc.subarray(['retail', 'industry']),
        vip: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(values, (sent) => {
        const stored = checkCustomValues(FIELDS, sent, 'update');
        expect(checkCustomValues(FIELDS, stored, 'update')).toEqual(stored);
      }),
    );
  });
});

describe('custom field options', () => {
  it('takes a plain string for the same key and labels, needs one offered, and never drops one a record may hold', () => {
    expect(normalizeOptions(['Varejo'])).toEqual([
      { key: 'Varejo', label: { pt: 'Varejo', en: 'Varejo' }, retired: false },
    ]);
    const before = normalizeOptions(['a', 'b']);
    expect(() => checkOptions('select', [])).toThrow(/at least one/);
    expect(() => checkOptions('text', before)).toThrow(/no options/);
    expect(() => checkOptions('select', normalizeOptions(['a', 'a']))).toThrow(/twice/);
    expect(() => checkOptions('select', normalizeOptions(['a']), before)).toThrow(/retire it instead/);
    const renamed = [
      { key: 'a', label: { pt: 'Á', en: 'A' }, retired: false },
      { ...before[1]!, retired: true },
    ];
    expect(checkOptions('multiSelect', renamed, before)).toEqual(renamed);
  });
});
