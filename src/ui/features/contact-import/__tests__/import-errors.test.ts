import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import en from '../../../locales/en.json';
import pt from '../../../locales/pt.json';
import { importErrorMessage } from '../import-errors';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'pt',
    resources: { pt: { translation: pt }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

const refusal = (status: number, code: string, details?: unknown) =>
  new ApiError(
    status,
    '',
    JSON.stringify({ error: { code, message: 'The file is larger than 200 MB', requestId: 'r1', details } }),
  );

describe("the import wizard's refusals", () => {
  it("says a file is over the upload limit in the wizard's words, in each language", async () => {
    const tooLarge = refusal(413, 'REQUEST.TOO_LARGE');
    expect(importErrorMessage(tooLarge, i18n.getFixedT('pt'))).toBe(pt.contactImport.errors.REQUEST.TOO_LARGE);
    expect(importErrorMessage(tooLarge, i18n.getFixedT('en'))).toMatch(/over 200 MB/);
    expect(importErrorMessage(refusal(409, 'IMPORT.CHANGED_SINCE'), i18n.getFixedT('en'))).toBe(
      en.contactImport.errors.IMPORT.CHANGED_SINCE,
    );
  });

  it('says a file cannot be read as CSV, or is empty, rather than that some fields are invalid', () => {
    const unreadable = (type: string) =>
      refusal(400, 'REQUEST.VALIDATION_FAILED', [
        { path: 'file', message: 'The file is not valid CSV at line 2', type },
      ]);
    expect(importErrorMessage(unreadable('import.csv'), i18n.getFixedT('pt'))).toBe(pt.contactImport.errors.file.csv);
    expect(importErrorMessage(unreadable('import.empty'), i18n.getFixedT('en'))).toBe('The file is empty.');
    // Another field's refusal stays as every screen says it.
    const other = refusal(400, 'REQUEST.VALIDATION_FAILED', [
      { path: 'mode', message: 'mode must be one of skip, update', type: 'any.only' },
    ]);
    expect(importErrorMessage(other, i18n.getFixedT('pt'))).toBe(pt.errors.REQUEST.VALIDATION_FAILED);
  });
});
