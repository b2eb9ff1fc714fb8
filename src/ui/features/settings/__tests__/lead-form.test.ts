import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../lib/api/custom-fields';
import {
  bodyOf,
  fieldsToAdd,
  followSlug,
  formValuesOf,
  isLocked,
  leadFormSchema,
  moveRow,
  newFieldRow,
  parseOrigins,
  slugFrom,
  type LeadFormInput,
} from '../lead-form';

// The key itself, with its options: what a message says is checked, not its wording.
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

const customField = (key: string, extra: Partial<CustomField> = {}): CustomField => ({
  id: 1,
  entity: 'contact',
  key,
  label: { pt: `Rótulo ${key}`, en: `Label ${key}` },
  type: 'text',
  options: [],
  pinned: false,
  position: 0,
  required: false,
  retired: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const issues = (values: LeadFormInput, custom: CustomField[] = []) => {
  const result = leadFormSchema(t, custom).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

const valid = (): LeadFormInput => ({ ...formValuesOf(null, []), name: 'Site', slug: 'site' });

describe('a lead form in the settings dialog', () => {
  it('makes its address from the name, and keeps one typed by hand', () => {
    expect(slugFrom('Orçamento — Site 2025!')).toBe('orcamento-site-2025');
    expect(slugFrom('  --Fale Conosco--  ')).toBe('fale-conosco');
    expect(slugFrom('x'.repeat(59) + ' y')).toBe('x'.repeat(59));
    expect(followSlug('', '', 'C')).toBe('c');
    expect(followSlug('contato', 'Contato', 'Contato site')).toBe('contato-site');
    expect(followSlug('meu-endereco', 'Contato', 'Contato site')).toBe('meu-endereco');
  });

  it('starts with name and e-mail, required and fixed, and the custom fields contacts require', () => {
    const custom = [customField('cpf', { required: true }), customField('segmento')];
    const values = formValuesOf(null, custom);
    expect(values.fields).toEqual([
      { field: 'name', required: true, label: { pt: '', en: '' } },
      { field: 'email', required: true, label: { pt: '', en: '' } },
      { field: 'customFields.cpf', required: true, label: { pt: 'Rótulo cpf', en: 'Label cpf' } },
    ]);
    expect(
      ['name', 'email', 'customFields.cpf', 'customFields.segmento', 'phone'].map((f) => isLocked(f, custom)),
    ).toEqual([true, true, true, false, false]);
    expect(fieldsToAdd(values.fields, [...custom, customField('antigo', { retired: true })])).toEqual([
      'phone',
      'position',
      'notes',
      'customFields.segmento',
    ]);
    expect(newFieldRow('phone', custom)).toEqual({ field: 'phone', required: false, label: { pt: '', en: '' } });
  });

  it('moves a row up or down, never past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('reads the allowed sites as origins, one per line', () => {
    expect(parseOrigins('https://www.Site.com.br/\n\n http://localhost:8080 ,https://www.site.com.br')).toEqual({
      origins: ['https://www.site.com.br', 'http://localhost:8080'],
    });
    expect(parseOrigins('https://www.site.com.br/contato')).toEqual({ invalid: 'https://www.site.com.br/contato' });
    expect(parseOrigins('www.site.com.br')).toEqual({ invalid: 'www.site.com.br' });
    expect(parseOrigins('')).toEqual({ origins: [] });
  });

  it('checks what the server would refuse, each on its field', () => {
    expect(issues(valid())).toEqual([]);
    expect(issues({ ...valid(), slug: 'Com Espaço' })).toEqual([['slug', 'leadForms.validation.slug']]);
    expect(issues({ ...valid(), fields: valid().fields.filter((f) => f.field !== 'email') })).toEqual([
      ['fields', 'leadForms.validation.fieldsNeeded'],
    ]);
    expect(
      issues({ ...valid(), fields: [{ field: 'customFields.cpf', required: false, label: { pt: '', en: '' } }] }, [
        customField('cpf', { required: true }),
      ]),
    ).toEqual([['fields', 'leadForms.validation.fieldsNeeded']]);
    const oneLabel = valid();
    oneLabel.fields[0].label.pt = 'Seu nome';
    expect(issues(oneLabel)).toEqual([['fields.0.label.en', 'leadForms.validation.bothLabels']]);
    expect(issues({ ...valid(), after: 'redirect' })).toEqual([['redirectUrl', 'validation.required']]);
    expect(issues({ ...valid(), after: 'redirect', redirectUrl: 'http://site.com.br/obrigado' })).toEqual([
      ['redirectUrl', 'leadForms.validation.urlHttps'],
    ]);
    expect(issues({ ...valid(), allowedOrigins: 'https://a.com.br\nsite.com.br' })).toEqual([
      ['allowedOrigins', 'leadForms.validation.origin {"value":"site.com.br"}'],
    ]);
  });

  it('sends labels only in both languages, empty texts as null, and only the chosen way to thank', () => {
    const values = leadFormSchema(t, []).parse({
      ...valid(),
      fields: [
        { field: 'name', required: true, label: { pt: 'Seu nome', en: 'Your name' } },
        { field: 'email', required: true, label: { pt: '', en: '' } },
        { field: 'phone', required: false, label: { pt: '', en: '' } },
      ],
      ownerIds: [3, 2],
      thankYou: 'Valeu!',
      redirectUrl: 'https://site.com.br/obrigado',
      allowedOrigins: 'https://www.site.com.br/',
    });
    expect(bodyOf(values)).toEqual({
      name: 'Site',
      slug: 'site',
      fields: [
        { field: 'name', required: true, label: { pt: 'Seu nome', en: 'Your name' } },
        { field: 'email', required: true },
        { field: 'phone', required: false },
      ],
      consentText: null,
      ownerIds: [3, 2],
      thankYou: 'Valeu!',
      redirectUrl: null,
      allowedOrigins: ['https://www.site.com.br'],
    });
    expect(bodyOf({ ...values, after: 'redirect' })).toMatchObject({
      thankYou: null,
      redirectUrl: 'https://site.com.br/obrigado',
    });
  });
});
