import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import pt from '../../../locales/pt.json';

const translator = async (lng: 'pt' | 'en') => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { pt: { translation: pt }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n);
};

describe("the report builder's record counts", () => {
  it('group thousands as the language does: 2.970 registros, 2,970 records', async () => {
    const tPt = await translator('pt');
    const tEn = await translator('en');
    expect(tPt('reportBuilder.totalLine', { count: 2970 })).toBe('2.970 registros');
    expect(tPt('reportBuilder.totalLine', { count: 1 })).toBe('1 registro');
    expect(tPt('reportBuilder.recordsCount', { count: 1234567 })).toBe('1.234.567 registros');
    expect(tEn('reportBuilder.totalLine', { count: 2970 })).toBe('2,970 records');
    expect(tEn('reportBuilder.recordsCount', { count: 1 })).toBe('1 record');
  });
});
