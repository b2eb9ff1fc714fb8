/**
 * The CSV exports of the CRMs people leave for Funil, recognised by their headers and mapped with no hand work
 * (issue 28). Headers are compared as `headerKey` writes them ("Person - Email - Work" -> "personemailwork").
 * Built from the columns those products document for their exports; the samples in
 * `src/domain/contact-imports/__tests__/fixtures/` are written by hand from the same lists.
 *
 * What a preset leaves out on purpose: owner columns (they name people of the old CRM, who may not have accounts
 * here: the wizard asks who gets the contacts), and statuses or stages of the old CRM's own vocabulary (a lifecycle
 * stage is no Funil status): a row is never refused for a column the person did not choose.
 */
import type { CompanyMappingTarget } from '../companies/company-import';
import type { MappingTarget } from './contact-import';

export const IMPORT_PRESETS = ['pipedrive', 'rdstation', 'agendor', 'hubspot'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];

export interface Preset<T extends string> {
  preset: ImportPreset;
  /** Every one of these header keys is in the file. */
  signature: string[];
  /** Header key -> field; the first column of a field wins. */
  columns: Record<string, T>;
}

/** People: Pipedrive (people), RD Station CRM (contatos), Agendor (pessoas), HubSpot (contacts). */
export const CONTACT_PRESETS: Preset<MappingTarget>[] = [
  {
    preset: 'pipedrive',
    signature: ['personname', 'personorganization'],
    columns: {
      personname: 'name',
      personemailwork: 'email',
      personemail: 'email',
      personphonework: 'phone',
      personphonemobile: 'phone',
      personphone: 'phone',
      personorganization: 'company',
      personjobtitle: 'position',
      personlabel: 'tags',
      personlabels: 'tags',
    },
  },
  {
    preset: 'hubspot',
    signature: ['recordid', 'firstname', 'lastname'],
    columns: {
      firstname: 'firstName',
      lastname: 'lastName',
      email: 'email',
      phonenumber: 'phone',
      mobilephonenumber: 'phone',
      companyname: 'company',
      jobtitle: 'position',
      originalsource: 'source',
    },
  },
  {
    preset: 'agendor',
    signature: ['nome', 'cpf', 'categoria', 'ranking'],
    columns: {
      nome: 'name',
      email: 'email',
      telefone: 'phone',
      celular: 'phone',
      whatsapp: 'phone',
      empresa: 'company',
      cargo: 'position',
      origem: 'source',
      categoria: 'tags',
      descricao: 'notes',
    },
  },
  {
    preset: 'rdstation',
    signature: ['nome', 'empresa', 'facebook', 'linkedin', 'skype'],
    columns: {
      nome: 'name',
      email: 'email',
      telefone: 'phone',
      celular: 'phone',
      empresa: 'company',
      cargo: 'position',
      origem: 'source',
      fonte: 'source',
      observacoes: 'notes',
    },
  },
];

/** Organizations: Pipedrive (organizations), RD Station CRM (empresas), Agendor (empresas), HubSpot (companies). */
export const COMPANY_PRESETS: Preset<CompanyMappingTarget>[] = [
  {
    preset: 'pipedrive',
    signature: ['organizationname'],
    columns: {
      organizationname: 'name',
      organizationaddress: 'street',
      organizationlabel: 'tags',
      organizationlabels: 'tags',
      organizationwebsite: 'website',
    },
  },
  {
    preset: 'hubspot',
    signature: ['recordid', 'companyname'],
    columns: {
      companyname: 'name',
      companydomainname: 'emailDomain',
      websiteurl: 'website',
      phonenumber: 'phone',
      industry: 'segment',
      city: 'city',
      postalcode: 'cep',
      streetaddress: 'street',
    },
  },
  {
    preset: 'agendor',
    signature: ['nomefantasia', 'razaosocial', 'cnpj', 'setor', 'ranking'],
    columns: {
      razaosocial: 'name',
      nomefantasia: 'tradeName',
      cnpj: 'cnpj',
      setor: 'segment',
      website: 'website',
      telefone: 'phone',
      cep: 'cep',
      rua: 'street',
      numero: 'number',
      cidade: 'city',
      estado: 'uf',
      categoria: 'tags',
      descricao: 'notes',
    },
  },
  {
    preset: 'rdstation',
    signature: ['nome', 'segmento', 'url', 'resumo'],
    columns: {
      nome: 'name',
      segmento: 'segment',
      url: 'website',
      telefone: 'phone',
      endereco: 'street',
      resumo: 'notes',
    },
  },
];

/**
 * The preset whose signature the file's headers hold (the first one, in the order listed), and its mapping of the
 * file's columns; null when none does.
 */
export function recognizePreset<T extends string>(
  presets: Preset<T>[],
  columns: string[],
  keyOf: (header: string) => string,
): { preset: ImportPreset; mapping: Record<string, T> } | null {
  const keys = new Map(columns.map((column) => [keyOf(column), column]));
  const found = presets.find((p) => p.signature.every((key) => keys.has(key)));
  if (!found) return null;
  const mapping: Record<string, T> = {};
  const taken = new Set<T>();
  for (const column of columns) {
    const field = found.columns[keyOf(column)];
    if (field && !taken.has(field)) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  return { preset: found.preset, mapping };
}
