/**
 * The CSV exports of the CRMs people leave for Funil, recognised by their headers and mapped with no hand work
 * (issue 28). Headers are compared as `headerKey` writes them ("Person - Email - Work" -> "personemailwork").
 * Built from the columns those products document for their exports; the samples in
 * `src/domain/contact-imports/__tests__/fixtures/` are written by hand from the same lists.
 *
 * What a preset leaves out on purpose: owner columns (they name people of the old CRM, who may not have accounts
 * here: the wizard asks who gets the contacts), and statuses or stages of the old CRM's own vocabulary (a lifecycle
 * stage is no Funil status): a row is never refused for a column the person did not choose. Deals are the exception:
 * a deal's stage and won/lost status are what the import is for, so theirs are mapped (DEAL_STAGE_PRESETS).
 */
import type { CompanyMappingTarget } from '../companies/company-import';
import type { DealMappingTarget } from '../deals/deal-import';
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
 * Deals: Pipedrive (deals), RD Station CRM (negociações), Agendor (negócios), HubSpot (deals). Their stage and status
 * columns are mapped (the stages then by name to the chosen pipeline's, see DEAL_STAGE_PRESETS); owners are not.
 */
export const DEAL_PRESETS: Preset<DealMappingTarget>[] = [
  {
    preset: 'pipedrive',
    signature: ['dealtitle', 'dealstage'],
    columns: {
      dealtitle: 'title',
      dealvalue: 'value',
      dealcurrency: 'currency',
      dealstage: 'stage',
      dealstatus: 'status',
      dealexpectedclosedate: 'expectedCloseDate',
      dealwontime: 'wonAt',
      deallosttime: 'lostAt',
      deallostreason: 'lostReason',
      dealcontactperson: 'contactName',
      personemail: 'contactEmail',
      personemailwork: 'contactEmail',
      dealorganization: 'company',
      dealprobability: 'probability',
    },
  },
  {
    preset: 'hubspot',
    signature: ['recordid', 'dealname', 'dealstage'],
    columns: {
      dealname: 'title',
      amount: 'value',
      currency: 'currency',
      dealstage: 'stage',
      closedate: 'expectedCloseDate',
      closedlostreason: 'lostReason',
      associatedcontact: 'contactName',
      associatedcompany: 'company',
      dealprobability: 'probability',
      dealdescription: 'notes',
    },
  },
  {
    preset: 'agendor',
    signature: ['titulo', 'etapa', 'funil', 'status'],
    columns: {
      titulo: 'title',
      valortotal: 'value',
      etapa: 'stage',
      status: 'status',
      datadeconclusao: 'closedAt',
      motivodeperda: 'lostReason',
      pessoa: 'contactName',
      empresa: 'company',
      descricao: 'notes',
    },
  },
  {
    preset: 'rdstation',
    signature: ['nome', 'etapa', 'funildevendas', 'estado'],
    columns: {
      nome: 'title',
      valortotal: 'value',
      etapa: 'stage',
      estado: 'status',
      previsaodefechamento: 'expectedCloseDate',
      datadefechamento: 'closedAt',
      motivodeperda: 'lostReason',
      contatos: 'contactName',
      empresa: 'company',
      anotacoes: 'notes',
    },
  },
];

/**
 * A stage of the old CRM's default pipeline, as `headerKey` writes its name, and where it goes: one of Funil's
 * default stages by meaning (matched by name in the chosen pipeline), or the pipeline's won or lost stage (by kind).
 * Pipedrive's default pipeline; HubSpot's default deal stages (internal names and labels); RD Station CRM's and
 * Agendor's default funnels.
 */
export type PresetStage = { stage: string } | { kind: 'won' | 'lost' };
export const DEAL_STAGE_PRESETS: Record<ImportPreset, Record<string, PresetStage>> = {
  pipedrive: {
    qualified: { stage: 'prospecting' },
    contactmade: { stage: 'qualification' },
    demoscheduled: { stage: 'qualification' },
    needsdefined: { stage: 'qualification' },
    proposalmade: { stage: 'proposal' },
    negotiationsstarted: { stage: 'negotiation' },
  },
  hubspot: {
    appointmentscheduled: { stage: 'prospecting' },
    qualifiedtobuy: { stage: 'qualification' },
    presentationscheduled: { stage: 'proposal' },
    decisionmakerboughtin: { stage: 'negotiation' },
    contractsent: { stage: 'negotiation' },
    closedwon: { kind: 'won' },
    closedlost: { kind: 'lost' },
  },
  rdstation: {
    semcontato: { stage: 'prospecting' },
    contatofeito: { stage: 'prospecting' },
    identificacaodointeresse: { stage: 'qualification' },
    apresentacao: { stage: 'proposal' },
    propostaenviada: { stage: 'proposal' },
    negociacao: { stage: 'negotiation' },
  },
  agendor: {
    contato: { stage: 'prospecting' },
    enviodeproposta: { stage: 'proposal' },
    followup: { stage: 'negotiation' },
    fechamento: { stage: 'negotiation' },
  },
};

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
