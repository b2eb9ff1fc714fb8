import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import pt from '../../../locales/pt.json';
import { customFieldRefusal } from '../../../components/import/custom-field-columns';
import { companyRefusal } from '../components/company-import-rows';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'pt',
    resources: { pt: { translation: pt }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

describe('companyRefusal', () => {
  it("says the server's reasons in the UI language, a field's check with its label and the API's words", () => {
    const t = i18n.getFixedT('pt');
    expect(companyRefusal('the same company as row 3', t)).toBe('a mesma empresa da linha 3');
    expect(companyRefusal('company #12 belongs to someone else', t)).toBe('a empresa #12 pertence a outra pessoa');
    expect(companyRefusal('cnpj is not a valid CNPJ (14 characters, the last two its check digits)', t)).toBe(
      'CNPJ: não é um CNPJ válido (dígitos verificadores)',
    );
    expect(companyRefusal('uf must be one of [AC, AL, null]', t)).toBe('UF: valor não aceito; os aceitos são AC, AL');
    expect(companyRefusal('size must be one of [micro, small, medium, large, null]', i18n.getFixedT('en'))).toBe(
      'Size: not accepted; the accepted ones are Micro, Small, Medium, Large',
    );
    expect(companyRefusal('owner: no active user is "Zé"', t)).toBe('Responsável: nenhum usuário ativo é "Zé"');
    expect(companyRefusal('something else entirely', t)).toBe('something else entirely');
    expect(companyRefusal('emailDomain must contain a valid domain name', i18n.getFixedT('en'))).toBe(
      'Email domain: not accepted (emailDomain must contain a valid domain name)',
    );
  });

  it("says a custom field's refusal with the field's label, the reason translated where it is known", () => {
    const t = i18n.getFixedT('pt');
    const labelOf = (target: string) => (target === 'customFields.tier' ? 'Categoria' : undefined);
    expect(customFieldRefusal('customFields.tier: must be one of Ouro, Prata', t, labelOf)).toBe(
      'Categoria: deve ser uma das opções: Ouro, Prata',
    );
    expect(customFieldRefusal('customFields.tier: is required', i18n.getFixedT('en'), labelOf)).toBe(
      'Categoria: required',
    );
    expect(customFieldRefusal('customFields.gone: must be a number', t, labelOf)).toBe(
      'customFields.gone: deve ser um número',
    );
    expect(customFieldRefusal('customFields.tier: must be a web address (http or https)', t, labelOf)).toBe(
      'Categoria: must be a web address (http or https)',
    );
    expect(customFieldRefusal('the same company as row 3', t, labelOf)).toBeNull();
  });
});
