import { labelOf, type Language } from '../shared/labels';
import { NOT_A_PHONE } from '../contacts/phone';
import type { MappingTarget } from './contact-import';

/**
 * Why a row is refused, in both languages. The English text is the one stored and sent by the API
 * ("score: must be a whole number from 0 to 100"); the refused rows' file is written in the user's language.
 * `{value}` stands for what the reason names (a length, a contact's id, an owner as written).
 */
const REASONS = {
  nul: { en: 'contains a NUL character (U+0000)', pt: 'contém um caractere NUL (U+0000)' },
  tooLong: { en: 'longer than {value} characters', pt: 'mais de {value} caracteres' },
  email: { en: 'not an email address', pt: 'não é um endereço de e-mail' },
  phone: { en: NOT_A_PHONE, pt: 'deve ser um telefone, sem letras' },
  status: {
    en: 'must be one of lead, prospect, customer, inactive',
    pt: 'deve ser Lead, Prospect, Cliente ou Inativo',
  },
  score: { en: 'must be a whole number from 0 to 100', pt: 'deve ser um número inteiro de 0 a 100' },
  tags: { en: 'at most 50 tags of 50 characters', pt: 'no máximo 50 tags de 50 caracteres' },
  cnpj: { en: 'not a valid CNPJ (check digits)', pt: 'não é um CNPJ válido (dígitos verificadores)' },
  required: { en: 'required', pt: 'obrigatório' },
  notYours: { en: 'contact #{value} belongs to someone else', pt: 'o contato #{value} pertence a outra pessoa' },
  unknownOwner: { en: 'no active user is "{value}"', pt: 'nenhum usuário ativo é "{value}"' },
  ambiguousOwner: { en: 'several users are named "{value}"', pt: 'vários usuários se chamam "{value}"' },
  notYourself: { en: 'you may import contacts for yourself only', pt: 'você só pode importar contatos para si' },
} as const satisfies Record<string, Record<Language, string>>;

export type RefusalReason = keyof typeof REASONS;

/** The reason as stored: "field: text" in English. */
export function refusal(field: MappingTarget, reason: RefusalReason, value?: string | number): string {
  return `${field}: ${REASONS[reason].en.replace('{value}', String(value ?? ''))}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = Object.values(REASONS).map((texts) => ({
  texts,
  pattern: new RegExp(`^${escape(texts.en).replace('\\{value\\}', '(.*)')}$`, 's'),
}));

/** A stored reason in `lang`: the field by its label, the reason translated; one it does not know, as stored. */
export function reasonIn(reason: string, lang: Language): string {
  const split = reason.indexOf(': ');
  if (split === -1) return reason;
  const rest = reason.slice(split + 2);
  for (const { texts, pattern } of PATTERNS) {
    const match = pattern.exec(rest);
    if (match)
      return `${labelOf('contactField', reason.slice(0, split), lang)}: ${texts[lang].replace('{value}', match[1] ?? '')}`;
  }
  return reason;
}
