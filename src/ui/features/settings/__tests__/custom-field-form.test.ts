import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../lib/api/custom-fields';
import {
  createBody,
  customFieldSchema,
  fieldKeyFrom,
  followKey,
  formValuesOf,
  moveOf,
  optionKeyFrom,
  updateBody,
  type CustomFieldFormInput,
} from '../custom-field-form';

const t = (key: string) => key;
const schema = customFieldSchema(t);

const field = (extra: Partial<CustomField> = {}): CustomField => ({
  id: 7,
  entity: 'contact',
  key: 'segment',
  label: { pt: 'Segmento', en: 'Segment' },
  type: 'select',
  required: false,
  options: [{ key: 'industry', label: { pt: 'Indústria', en: 'Industry' }, retired: false }],
  position: 1,
  retired: false,
  pinned: false,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...extra,
});

const values = (extra: Partial<CustomFieldFormInput> = {}): CustomFieldFormInput => ({
  label: { pt: 'Segmento', en: 'Segment' },
  key: 'segment',
  type: 'text',
  required: false,
  options: [],
  ...extra,
});

const issues = (input: CustomFieldFormInput) => {
  const result = schema.safeParse(input);
  // The form shows each field's first message.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
};

describe('keys made from labels', () => {
  it('makes a field key in camelCase ASCII, starting with a letter', () => {
    expect(fieldKeyFrom('Segmento de mercado')).toBe('segmentoDeMercado');
    expect(fieldKeyFrom('Número de funcionários')).toBe('numeroDeFuncionarios');
    expect(fieldKeyFrom('  CNPJ / matriz ')).toBe('cnpjMatriz');
    expect(fieldKeyFrom('2º contato')).toBe('oContato');
    expect(fieldKeyFrom('123')).toBe('');
    expect(fieldKeyFrom('')).toBe('');
    expect(fieldKeyFrom('a'.repeat(50))).toHaveLength(40);
    expect(fieldKeyFrom('Segmento de mercado')).toMatch(/^[a-z][a-zA-Z0-9_]{0,39}$/);
  });

  it('makes an option key that may start with a digit', () => {
    expect(optionKeyFrom('Até 10 funcionários')).toBe('ate10Funcionarios');
    expect(optionKeyFrom('10 ou mais')).toBe('10OuMais');
    expect(optionKeyFrom('x'.repeat(70))).toHaveLength(60);
  });

  it('follows the label until the key is typed', () => {
    expect(followKey('', '', 'S', fieldKeyFrom)).toBe('s');
    expect(followKey('segmento', 'Segmento', 'Segmento de', fieldKeyFrom)).toBe('segmentoDe');
    expect(followKey('seg', 'Segmento', 'Segmento de', fieldKeyFrom)).toBe('seg');
  });
});

describe('the field form', () => {
  it('takes a text field and sends no options', () => {
    const parsed = schema.parse(
      values({ options: [{ key: 'x', label: { pt: '', en: '' }, retired: false } as never] }),
    );
    expect(createBody('deal', parsed)).toEqual({
      entity: 'deal',
      key: 'segment',
      label: { pt: 'Segmento', en: 'Segment' },
      type: 'text',
      required: false,
    });
  });

  it('refuses empty or long labels and a bad key', () => {
    expect(issues(values({ label: { pt: ' ', en: 'x'.repeat(81) }, key: 'Segment' }))).toEqual({
      'label.pt': 'validation.required',
      'label.en': 'validation.maxLength',
      key: 'customFieldSettings.validation.key',
    });
    expect(issues(values({ key: '' }))).toEqual({ key: 'validation.required' });
  });

  it('checks a select’s options, beside the other fields’ messages', () => {
    const option = (key: string, retired = false) => ({ key, label: { pt: key, en: key }, retired, isNew: true });
    expect(issues(values({ type: 'select', options: [] }))).toEqual({
      options: 'customFieldSettings.validation.needsOption',
    });
    expect(
      issues(
        values({
          label: { pt: '', en: 'Segment' },
          type: 'multiSelect',
          options: [option('a', true), option('a'), option('-b'), { ...option('c'), label: { pt: '', en: 'C' } }],
        }),
      ),
    ).toEqual({
      'label.pt': 'validation.required',
      'options.1.key': 'customFieldSettings.validation.optionKeyTwice',
      'options.2.key': 'customFieldSettings.validation.optionKey',
      'options.3.label.pt': 'validation.required',
    });
    expect(issues(values({ type: 'select', options: [option('a', true)] }))).toEqual({
      options: 'customFieldSettings.validation.needsOption',
    });
  });

  it('sends every option on an edit, with the version read and without the form’s marks', () => {
    const saved = field();
    const input = formValuesOf(saved);
    input.options = [
      { ...input.options[0]!, label: { pt: 'Indústria pesada', en: 'Heavy industry' }, retired: true },
      { key: 'retail', label: { pt: ' Varejo ', en: 'Retail' }, retired: false, isNew: true },
    ];
    expect(updateBody(saved, schema.parse(input))).toEqual({
      label: { pt: 'Segmento', en: 'Segment' },
      required: false,
      options: [
        { key: 'industry', label: { pt: 'Indústria pesada', en: 'Heavy industry' }, retired: true },
        { key: 'retail', label: { pt: 'Varejo', en: 'Retail' }, retired: false },
      ],
      updatedAt: '2026-12-01T00:00:00.000Z',
    });
    expect(
      updateBody(field({ type: 'text', options: [] }), schema.parse(formValuesOf(field({ type: 'text' })))),
    ).not.toHaveProperty('options');
  });
});

describe('moving a field', () => {
  // 1, 2, (3 retired), 4, 5
  const all = [1, 2, 3, 4, 5].map((id) => ({ id, retired: id === 3 }));

  it('finds nothing moved in the same order', () => {
    expect(moveOf(all, [1, 2, 4, 5])).toBeNull();
  });

  it('puts a field moved up just before its new neighbour below', () => {
    // Two neighbours swapped: the lower one moved up (the same order either way).
    expect(moveOf(all, [2, 1, 4, 5])).toEqual({ id: 2, position: 1, order: [2, 1, 3, 4, 5] });
    expect(moveOf(all, [4, 1, 2, 5])).toEqual({ id: 4, position: 1, order: [4, 1, 2, 3, 5] });
    expect(moveOf(all, [1, 4, 2, 5])).toEqual({ id: 4, position: 2, order: [1, 4, 2, 3, 5] });
    expect(moveOf(all, [1, 2, 5, 4])).toEqual({ id: 5, position: 4, order: [1, 2, 3, 5, 4] });
  });

  it('puts a field moved down just after its new neighbour above', () => {
    expect(moveOf(all, [2, 4, 1, 5])).toEqual({ id: 1, position: 4, order: [2, 3, 4, 1, 5] });
    expect(moveOf(all, [2, 4, 5, 1])).toEqual({ id: 1, position: 5, order: [2, 3, 4, 5, 1] });
    expect(moveOf(all, [1, 4, 5, 2])).toEqual({ id: 2, position: 5, order: [1, 3, 4, 5, 2] });
  });
});
