import { describe, expect, it } from 'vitest';
import { guessMapping, headerKey } from '../guess-mapping';

describe('guessMapping', () => {
  it('maps Portuguese and English headers whatever their case, accents and punctuation', () => {
    expect(
      guessMapping([
        'Nome',
        'E-mail',
        'Telefone',
        'Empresa',
        'Cargo',
        'Origem',
        'Status',
        'Pontuação',
        'Tags',
        'Observações',
      ]),
    ).toEqual({
      Nome: 'name',
      'E-mail': 'email',
      Telefone: 'phone',
      Empresa: 'company',
      Cargo: 'position',
      Origem: 'source',
      Status: 'status',
      Pontuação: 'score',
      Tags: 'tags',
      Observações: 'notes',
    });
    expect(
      guessMapping(['Full Name', 'EMAIL', 'Phone Number', 'Company', 'Job Title', 'Lead Source', 'score', 'Notes']),
    ).toEqual({
      'Full Name': 'name',
      EMAIL: 'email',
      'Phone Number': 'phone',
      Company: 'company',
      'Job Title': 'position',
      'Lead Source': 'source',
      score: 'score',
      Notes: 'notes',
    });
  });

  it('leaves unknown headers out and gives a field to its first column only', () => {
    expect(guessMapping(['ID', 'Nome', 'Name', 'Celular', 'Telefone', 'Aniversário'])).toEqual({
      Nome: 'name',
      Celular: 'phone',
    });
  });

  it('compares headers without accents, case or punctuation', () => {
    expect(headerKey(' Pontuação ')).toBe('pontuacao');
    expect(headerKey('E-MAIL')).toBe('email');
    expect(headerKey('Observações/Notas')).toBe('observacoesnotas');
  });
});
