import { describe, expect, it } from 'vitest';
import type { CustomField } from '../api/custom-fields';
import { customFieldsSchema, decimalOf, displayValue, formValuesOf, valuesToSend } from '../custom-field-values';

const field = (key: string, type: CustomField['type'], extra: Partial<CustomField> = {}): CustomField => ({
  id: 1,
  entity: 'contact',
  key,
  label: { pt: key, en: key },
  type,
  required: false,
  options: [],
  position: 1,
  retired: false,
  pinned: false,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...extra,
});

const segment = field('segment', 'select', {
  options: [
    { key: 'retail', label: { pt: 'Varejo', en: 'Retail' }, retired: false },
    { key: 'old', label: { pt: 'Antigo', en: 'Old' }, retired: true },
  ],
});
const fields = [
  field('note', 'text'),
  field('employees', 'number'),
  field('budget', 'currency'),
  field('since', 'date'),
  segment,
  field('channels', 'multiSelect', { options: segment.options }),
  field('vip', 'checkbox'),
];
const t = (key: string) => key;

describe('custom field values in a form', () => {
  it('shows stored values in the controls: numbers with a decimal comma, nothing as empty', () => {
    expect(
      formValuesOf(fields, { employees: 12.5, budget: '1500.00', segment: 'retail', channels: ['retail'], vip: true }),
    ).toEqual({
      note: '',
      employees: '12,5',
      budget: '1500,00',
      since: '',
      segment: 'retail',
      channels: ['retail'],
      vip: true,
    });
    expect(formValuesOf(fields, null)).toMatchObject({ channels: [], vip: false });
  });

  it('reads amounts as people in Brazil type them', () => {
    expect(decimalOf('1.234,56')).toBe('1234.56');
    expect(decimalOf('1234,5')).toBe('1234.5');
    expect(decimalOf('1234.56')).toBe('1234.56');
    expect(decimalOf('12.345.678')).toBe('12345678');
  });

  it('sends the API shape: a new record leaves empty fields out, a change clears them with null', () => {
    const form = formValuesOf(fields, null);
    Object.assign(form, { employees: '1.200', budget: '2.500,9', since: '2026-12-01', vip: false });
    expect(valuesToSend(fields, form, true)).toEqual({
      employees: 1200,
      budget: '2500.9',
      since: '2026-12-01',
      vip: false,
    });
    expect(valuesToSend(fields, form, false)).toMatchObject({ note: null, segment: null, channels: null });
    // Not a number: sent as typed, for the server to refuse by name.
    expect(valuesToSend(fields, { ...form, employees: 'doze' }, true).employees).toBe('doze');
  });

  it('checks required values and formats before sending', () => {
    const schema = customFieldsSchema(
      [field('code', 'text', { required: true }), field('budget', 'currency'), field('site', 'url')],
      t,
    );
    const issues = (values: object) =>
      schema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues({ code: ' ', budget: '10,999', site: 'exemplo' })).toEqual([
      ['code', 'validation.required'],
      ['budget', 'customFields.invalid.currency'],
      ['site', 'customFields.invalid.url'],
    ]);
    expect(issues({ code: 'A1', budget: '1.500,50', site: 'https://exemplo.com.br' })).toEqual([]);
  });

  it('shows a value with its option labels, dates as dd/MM/yyyy and amounts in reais', () => {
    const words = { yes: 'Sim', no: 'Não' };
    expect(displayValue(segment, 'retail', 'pt-BR', words)).toBe('Varejo');
    expect(displayValue(segment, 'old', 'en', words)).toBe('Old');
    expect(displayValue(fields[5]!, ['retail', 'old'], 'en', words)).toBe('Retail, Old');
    expect(displayValue(fields[3]!, '2026-03-09', 'en', words)).toBe('09/03/2026');
    expect(displayValue(fields[2]!, '1500.00', 'pt-BR', words)).toMatch(/R\$\s1\.500,00/);
    expect(displayValue(fields[6]!, false, 'pt-BR', words)).toBe('Não');
    expect(displayValue(fields[0]!, null, 'pt-BR', words)).toBeNull();
  });
});
