/**
 * The words a person reads for the enumerated values, in Portuguese and English: the same as the screens show
 * (src/ui/locales), kept here once for what the server writes into files and reads back from them.
 */
export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

type Labels = Record<string, Record<Language, string>>;

export const LABELS = {
  contactStatus: {
    lead: { pt: 'Lead', en: 'Lead' },
    prospect: { pt: 'Prospect', en: 'Prospect' },
    customer: { pt: 'Cliente', en: 'Customer' },
    inactive: { pt: 'Inativo', en: 'Inactive' },
  },
  /** The default pipeline's stages; a stage an admin named shows as typed. */
  stage: {
    prospecting: { pt: 'Prospecção', en: 'Prospecting' },
    qualification: { pt: 'Qualificação', en: 'Qualification' },
    proposal: { pt: 'Proposta', en: 'Proposal' },
    negotiation: { pt: 'Negociação', en: 'Negotiation' },
    won: { pt: 'Ganho', en: 'Won' },
    lost: { pt: 'Perdido', en: 'Lost' },
  },
  /** A contact's fields, as the export's header row and the refused rows' reasons name them. */
  contactField: {
    id: { pt: 'ID', en: 'ID' },
    name: { pt: 'Nome', en: 'Name' },
    email: { pt: 'E-mail', en: 'Email' },
    phone: { pt: 'Telefone', en: 'Phone' },
    company: { pt: 'Empresa', en: 'Company' },
    cnpj: { pt: 'CNPJ', en: 'CNPJ' },
    position: { pt: 'Cargo', en: 'Position' },
    source: { pt: 'Origem', en: 'Source' },
    status: { pt: 'Status', en: 'Status' },
    score: { pt: 'Pontuação', en: 'Score' },
    tags: { pt: 'Tags', en: 'Tags' },
    notes: { pt: 'Observações', en: 'Notes' },
    ownerId: { pt: 'ID do responsável', en: 'Owner ID' },
    owner: { pt: 'Responsável', en: 'Owner' },
    ownerName: { pt: 'Responsável', en: 'Owner' },
    createdAt: { pt: 'Criado em', en: 'Created at' },
    updatedAt: { pt: 'Atualizado em', en: 'Updated at' },
  },
  companySize: {
    micro: { pt: 'Micro', en: 'Micro' },
    small: { pt: 'Pequena', en: 'Small' },
    medium: { pt: 'Média', en: 'Medium' },
    large: { pt: 'Grande', en: 'Large' },
  },
  /** A company's fields, as the export's header row names them. */
  companyField: {
    id: { pt: 'ID', en: 'ID' },
    name: { pt: 'Nome', en: 'Name' },
    cnpj: { pt: 'CNPJ', en: 'CNPJ' },
    tradeName: { pt: 'Nome fantasia', en: 'Trade name' },
    segment: { pt: 'Segmento', en: 'Segment' },
    size: { pt: 'Porte', en: 'Size' },
    website: { pt: 'Site', en: 'Website' },
    emailDomain: { pt: 'Domínio de e-mail', en: 'Email domain' },
    phone: { pt: 'Telefone', en: 'Phone' },
    cep: { pt: 'CEP', en: 'Postal code' },
    street: { pt: 'Logradouro', en: 'Street' },
    number: { pt: 'Número', en: 'Number' },
    city: { pt: 'Cidade', en: 'City' },
    uf: { pt: 'UF', en: 'State' },
    tags: { pt: 'Tags', en: 'Tags' },
    notes: { pt: 'Observações', en: 'Notes' },
    ownerId: { pt: 'ID do responsável', en: 'Owner ID' },
    ownerName: { pt: 'Responsável', en: 'Owner' },
    createdAt: { pt: 'Criada em', en: 'Created at' },
    updatedAt: { pt: 'Atualizada em', en: 'Updated at' },
  },
  activityType: {
    task: { pt: 'Tarefa', en: 'Task' },
    call: { pt: 'Ligação', en: 'Call' },
    email: { pt: 'E-mail', en: 'Email' },
    meeting: { pt: 'Reunião', en: 'Meeting' },
    note: { pt: 'Nota', en: 'Note' },
  },
  activityPriority: {
    low: { pt: 'Baixa', en: 'Low' },
    normal: { pt: 'Normal', en: 'Normal' },
    high: { pt: 'Alta', en: 'High' },
    urgent: { pt: 'Urgente', en: 'Urgent' },
  },
  activityStatus: {
    pending: { pt: 'Pendente', en: 'Pending' },
    completed: { pt: 'Concluída', en: 'Completed' },
  },
} as const satisfies Record<string, Labels>;

export type LabelKind = keyof typeof LABELS;

/** A value's label in `lang`; a value the table does not know (a renamed stage) as it is. */
export function labelOf(kind: LabelKind, value: string, lang: Language): string {
  return (LABELS[kind] as Labels)[value]?.[lang] ?? value;
}

/** "Cliente", "CLIENTE" and "Prospecção" as "prospeccao": without accents, case or surrounding spaces. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

const byFolded = new Map<LabelKind, Map<string, string>>();

/** The value a cell names by its value, its Portuguese or its English label (case and accents aside); undefined when none. */
export function valueOfLabel(kind: LabelKind, text: string): string | undefined {
  let values = byFolded.get(kind);
  if (!values) {
    values = new Map();
    for (const [value, labels] of Object.entries(LABELS[kind] as Labels)) {
      for (const word of [value, labels.pt, labels.en]) values.set(foldText(word), value);
    }
    byFolded.set(kind, values);
  }
  return values.get(foldText(text));
}
