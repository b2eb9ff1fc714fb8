import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import pt from '../../../locales/pt.json';
import type { Contact } from '../api/get-contacts';
import { describeResult } from '../bulk-result';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'pt',
    resources: { pt: { translation: pt }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});
const loaded = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Bia' },
  { id: 3, name: 'Caio' },
  { id: 4, name: 'Duda' },
] as Contact[];
const refusedBy = (code: string, ...ids: number[]) => ids.map((id) => ({ id, code, message: 'x' }));

describe('the bulk answer as the toast tells it', () => {
  it('counts what changed; nothing more when all went through', () => {
    expect(describeResult({ changed: 3, unchanged: 0, refused: [] }, 'update', loaded, i18n.t)).toEqual({
      title: '3 contatos alterados',
      description: undefined,
    });
    expect(describeResult({ changed: 1, unchanged: 0, refused: [] }, 'delete', loaded, i18n.t).title).toBe(
      '1 contato excluído',
    );
    expect(describeResult({ changed: 1_234, unchanged: 0, refused: [] }, 'update', loaded, i18n.t).title).toBe(
      '1.234 contatos alterados',
    );
  });

  it('says why some were refused, by reason, naming at most three (ids when not loaded), and what was already so', () => {
    const answer = {
      changed: 0,
      unchanged: 2,
      refused: [...refusedBy('AUTH.FORBIDDEN', 1, 2, 3, 4, 99), ...refusedBy('CONTACT.NOT_FOUND', 77)],
    };
    expect(describeResult(answer, 'update', loaded, i18n.t)).toEqual({
      title: 'Nenhum contato alterado',
      description: '2 já estavam assim. 6 recusados: de outra pessoa (Ana, Bia, Caio +2); não existe mais (#77).',
    });
    expect(
      describeResult(
        { changed: 1, unchanged: 0, refused: refusedBy('AUTH.FORBIDDEN', 2) },
        'delete',
        loaded,
        i18n.getFixedT('en'),
      ),
    ).toEqual({
      title: '1 contact deleted',
      description: "1 refused: someone else's (Bia).",
    });
  });
});
