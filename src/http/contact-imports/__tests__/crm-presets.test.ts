import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { importEnded, sendImport } from './import-test-kit';

const crm = useCrmServer();
const FIXTURES = path.resolve('tests/fixtures/crm-exports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** The people exports of the CRMs people leave: each is recognised and imports with the mapping suggested, untouched. */
const PEOPLE = [
  {
    file: 'pipedrive-people.csv',
    preset: 'pipedrive',
    rows: 3,
    mapping: {
      'Person - Name': 'name',
      'Person - Organization': 'company',
      'Person - Email - Work': 'email',
      'Person - Phone - Work': 'phone',
      'Person - Label': 'tags',
    },
    check: {
      email: 'mariana@costafilhos.com.br',
      name: 'Mariana Costa',
      phone: '+55 11 3456-7890',
      tags: ['Hot lead'],
    },
  },
  {
    file: 'hubspot-contacts.csv',
    preset: 'hubspot',
    rows: 3,
    mapping: {
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      'Phone Number': 'phone',
      'Company Name': 'company',
      'Job Title': 'position',
      'Original Source': 'source',
    },
    check: { email: 'beatriz@almeida.com.br', name: 'Beatriz Almeida', position: 'CTO', source: 'Organic Search' },
  },
  {
    file: 'agendor-pessoas.csv',
    preset: 'agendor',
    rows: 3,
    mapping: {
      Nome: 'name',
      Empresa: 'company',
      Cargo: 'position',
      'E-mail': 'email',
      Telefone: 'phone',
      Categoria: 'tags',
      Origem: 'source',
      Descrição: 'notes',
    },
    check: {
      email: 'fernanda@oliveiraalimentos.com.br',
      name: 'Fernanda Oliveira',
      source: 'Indicação',
      notes: 'Prefere contato por WhatsApp',
    },
  },
  {
    file: 'rdstation-contatos.csv',
    preset: 'rdstation',
    rows: 3,
    mapping: { Nome: 'name', Empresa: 'company', Cargo: 'position', Email: 'email', Telefone: 'phone' },
    check: { email: 'igor@nascimentoconsultoria.com.br', name: 'Igor Nascimento', position: 'Diretor' },
  },
] as const;

const ORGANIZATIONS = [
  {
    file: 'pipedrive-organizations.csv',
    preset: 'pipedrive',
    rows: 2,
    mapping: {
      'Organization - Name': 'name',
      'Organization - Address': 'street',
      'Organization - Label': 'tags',
    },
    check: { name: 'Costa & Filhos Ltda', street: 'Av. Paulista, 1000, São Paulo' },
  },
  {
    file: 'hubspot-companies.csv',
    preset: 'hubspot',
    rows: 2,
    mapping: {
      'Company name': 'name',
      'Company Domain Name': 'emailDomain',
      'Phone Number': 'phone',
      Industry: 'segment',
      City: 'city',
      'Postal Code': 'cep',
    },
    check: { name: 'Almeida Tech', emailDomain: 'almeidatech.com.br', city: 'São Paulo' },
  },
  {
    file: 'agendor-empresas.csv',
    preset: 'agendor',
    rows: 2,
    mapping: {
      'Nome fantasia': 'tradeName',
      'Razão social': 'name',
      CNPJ: 'cnpj',
      Setor: 'segment',
      Categoria: 'tags',
      Website: 'website',
      Telefone: 'phone',
      CEP: 'cep',
      Estado: 'uf',
      Cidade: 'city',
      Rua: 'street',
      Número: 'number',
      Descrição: 'notes',
    },
    check: { name: 'Oliveira Alimentos Ltda', tradeName: 'Oliveira Alimentos', uf: 'SP', city: 'Campinas' },
  },
  {
    file: 'rdstation-empresas.csv',
    preset: 'rdstation',
    rows: 2,
    mapping: {
      Nome: 'name',
      Segmento: 'segment',
      URL: 'website',
      Telefone: 'phone',
      Endereço: 'street',
      Resumo: 'notes',
    },
    check: { name: 'Nascimento Consultoria', segment: 'Consultoria', notes: 'Consultoria tributária' },
  },
] as const;

describe('exports of other CRMs', () => {
  it.each(PEOPLE)('recognises $preset people ($file) and imports them with no hand mapping', async (sample) => {
    const { admin } = crm.users;
    const preview = await sendImport(admin, '/api/crm/contacts/import/preview', fixture(sample.file));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.preset).toBe(sample.preset);
    expect(preview.body.suggestedMapping).toEqual(sample.mapping);
    expect(preview.body.counts).toMatchObject({ created: sample.rows, rejected: 0 });
    const started = await sendImport(admin, '/api/crm/contacts/import', fixture(sample.file), {
      mapping: JSON.stringify(preview.body.suggestedMapping),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const ended = await importEnded(admin, started.body.id);
    expect(ended).toMatchObject({ status: 'completed', counts: { created: sample.rows, rejected: 0 } });
    const [contact] = await crm.knex('contacts').where({ email: sample.check.email });
    expect(contact).toMatchObject(sample.check);
  });

  it.each(ORGANIZATIONS)(
    'recognises $preset organizations ($file) and imports them with no hand mapping',
    async (sample) => {
      const { admin } = crm.users;
      const preview = await sendImport(admin, '/api/crm/companies/import/preview', fixture(sample.file));
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.preset).toBe(sample.preset);
      expect(preview.body.mapping).toEqual(sample.mapping);
      // The people's import before made some of these companies (by name): they are updated, none refused.
      expect(preview.body.counts.create + preview.body.counts.update).toBe(sample.rows);
      expect(preview.body.counts.rejected).toBe(0);
      const imported = await sendImport(admin, '/api/crm/companies/import', fixture(sample.file));
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.counts.created + imported.body.counts.updated).toBe(sample.rows);
      expect(imported.body.counts.rejected).toBe(0);
      const [company] = await crm.knex('companies').where({ name: sample.check.name });
      expect(company).toMatchObject(sample.check);
    },
  );

  it('guesses a file of no known CRM by its header words, as before', async () => {
    const csv = 'Nome;E-mail;Telefone\nZé Ninguém;ze@ninguem.test;11 3333-4444\n';
    const preview = await sendImport(crm.users.admin, '/api/crm/contacts/import/preview', csv);
    expect(preview.body.preset).toBeNull();
    expect(preview.body.suggestedMapping).toEqual({ Nome: 'name', 'E-mail': 'email', Telefone: 'phone' });
  });
});
