import type { CompanyMatchIndex } from '../companies/company-import';
import { DEAL_PRESETS, DEAL_STAGE_PRESETS, recognizePreset, type ImportPreset } from '../contact-imports/crm-presets';
import { headerKey, mappingGuesser } from '../contact-imports/guess-mapping';
import { importedCell } from '../contact-imports/import-row';
import type { CustomField } from '../custom-fields/custom-field';
import {
  customTargetKey,
  customValueRefusal,
  guessCustomColumns,
  newCustomValues,
  readCustomColumns,
} from '../custom-fields/custom-field-cell';
import { foldText, labelOf } from '../shared/labels';
import {
  closedAtOf,
  FREE_TEXT_LOST_REASON,
  type DealFields,
  type LostReason,
  type PipelineStage,
  type StageKind,
} from './deal';

/**
 * What a CSV column of deals can fill. `stage` is the stage's name as the old CRM wrote it (matched to the chosen
 * pipeline's, see matchStage); `status` open, won or lost as other CRMs write it; `closedAt`, `wonAt`, `lostAt` the
 * day a closed deal was closed (one column for both, or one each, as Pipedrive writes them); `contactName` and
 * `contactEmail` the person (linked to a contact, or one is made); `company` the company's name.
 */
export const DEAL_IMPORT_FIELDS = [
  'title',
  'value',
  'currency',
  'stage',
  'status',
  'expectedCloseDate',
  'closedAt',
  'wonAt',
  'lostAt',
  'lostReason',
  'contactName',
  'contactEmail',
  'company',
  'probability',
  'notes',
] as const;
export type DealMappingTarget = (typeof DEAL_IMPORT_FIELDS)[number];
/** CSV column header -> deal field (or a custom field of deals: `customFields.<key>`). */
export type DealMapping = Record<string, DealMappingTarget | `customFields.${string}`>;
/** The stage name as the file writes it -> a stage of the chosen pipeline. */
export type StageMapping = Record<string, string>;

export const DEAL_IMPORT_ACTIONS = ['create', 'rejected'] as const;
export type DealImportAction = (typeof DEAL_IMPORT_ACTIONS)[number];
export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
/** How a stage name of the file found its stage: by name, by the preset's defaults, by being won or lost, or as sent. */
export const STAGE_MATCHES = ['name', 'preset', 'status', 'mapping'] as const;
export type StageMatch = (typeof STAGE_MATCHES)[number];

/** A file's deals are few: past this many data rows it is refused whole. */
export const DEAL_IMPORT_MAX_ROWS = 20_000;

/** Header words, pt and en, as `headerKey` writes them. */
const HEADER_WORDS: Record<DealMappingTarget, string[]> = {
  title: ['titulo', 'title', 'nome', 'name', 'negocio', 'deal', 'dealname', 'oportunidade', 'nomedonegocio'],
  value: ['valor', 'value', 'amount', 'valortotal', 'montante', 'dealvalue'],
  currency: ['moeda', 'currency'],
  stage: ['etapa', 'stage', 'fase', 'estagio', 'dealstage'],
  status: ['status', 'estado', 'situacao'],
  expectedCloseDate: ['previsaodefechamento', 'expectedclosedate', 'fechamentoprevisto', 'closedate', 'previsao'],
  closedAt: ['datadefechamento', 'datadeconclusao', 'closedat', 'closeddate', 'fechadoem', 'concluidoem'],
  wonAt: ['datadeganho', 'wontime', 'wonat', 'ganhoem', 'wondate'],
  lostAt: ['datadeperda', 'losttime', 'lostat', 'perdidoem', 'lostdate'],
  lostReason: ['motivodeperda', 'lostreason', 'motivo', 'motivodaperda'],
  contactName: ['contato', 'contact', 'pessoa', 'person', 'contactperson', 'cliente', 'contatos'],
  contactEmail: ['email', 'emaildocontato', 'contactemail', 'mail'],
  company: ['empresa', 'company', 'organizacao', 'organization', 'companyname'],
  probability: ['probabilidade', 'probability', 'chance'],
  notes: ['notas', 'notes', 'observacoes', 'descricao', 'description', 'obs', 'anotacoes'],
};

const guessFields: (columns: string[]) => DealMapping = mappingGuesser(HEADER_WORDS);

/** Which CRM's export of deals the file is, by its headers; null: none we know. */
export function dealPresetOf(columns: string[]): ImportPreset | null {
  return recognizePreset(DEAL_PRESETS, columns, headerKey)?.preset ?? null;
}

/** The mapping guessed from a file's headers: the preset's, else the fields' words; then the deals' custom fields. */
export function guessDealMapping(columns: string[], fields: CustomField[] = []): DealMapping {
  const mapping = recognizePreset(DEAL_PRESETS, columns, headerKey)?.mapping ?? guessFields(columns);
  return { ...mapping, ...guessCustomColumns(columns, mapping, fields, headerKey) };
}

/** Status words of Pipedrive, RD Station CRM, Agendor and HubSpot, pt and en, as `headerKey` writes them. */
const STATUS_WORDS: Record<string, DealStatus> = Object.fromEntries([
  ...['open', 'aberto', 'aberta', 'emandamento', 'andamento', 'ativo', 'ativa', 'inprogress'].map((w) => [w, 'open']),
  ...['won', 'ganho', 'ganha', 'vendido', 'vendida', 'closedwon', 'fechadoganho'].map((w) => [w, 'won']),
  ...['lost', 'perdido', 'perdida', 'closedlost', 'fechadoperdido'].map((w) => [w, 'lost']),
]);

/** "Em andamento", "Vendida", "Won", "closedlost": open, won or lost; undefined when none. */
export function statusOf(cell: string): DealStatus | undefined {
  return STATUS_WORDS[headerKey(cell)];
}

/**
 * An amount as the exports write it: "1.234,56", "1234,56", "R$ 1.500" (pt), "1234.56", "1,234.56" (en): the decimal
 * string with two decimals; null when it is not one numeric(12,2) holds.
 */
export function dealValueOf(cell: string): string | null {
  const text = cell.replace(/^(R\$|BRL|US\$|\$)\s*/i, '').replace(/\s/g, '');
  let decimal: string | null = null;
  if (/^\d+(,\d+)?$/.test(text) || /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text))
    decimal = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+(\.\d+)?$/.test(text)) decimal = text;
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) decimal = text.replace(/,/g, '');
  if (decimal === null) return null;
  const [whole, fraction = ''] = decimal.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 10 || /[1-9]/.test(fraction.slice(2))) return null;
  return `${digits}.${fraction.slice(0, 2).padEnd(2, '0')}`;
}

/** A day as written: dd/MM/yyyy (pt) or yyyy-MM-dd, a time after it ignored; null when not a day of the calendar. */
export function dayOf(cell: string): string | null {
  const pt = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T,].*)?$/.exec(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(cell);
  const parts = pt ? [pt[3], pt[2], pt[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [y, m, d] = parts;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

/**
 * A probability: a percent ("75", "75%", "75,0"), or a fraction from 0 to 1 with decimals, as HubSpot writes it
 * ("0.75"); undefined when it is neither a whole percent from 0 to 100.
 */
export function probabilityOf(cell: string): number | undefined {
  const text = cell.replace(/\s|%/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const number = Number(text);
  const percent = text.includes('.') && number <= 1 ? Math.round(number * 100) : number;
  return Number.isInteger(percent) && percent >= 0 && percent <= 100 ? percent : undefined;
}

/** "Maria Silva <maria@x.com>" or "Maria Silva (maria@x.com)": the name and the e-mail in one cell (HubSpot). */
function splitPerson(cell: string): { name?: string; email?: string } {
  const found = /^(.*?)[\s]*[<(]\s*([^\s<>()@]+@[^\s<>()]+)\s*[>)]\s*$/.exec(cell);
  if (found) return { name: found[1].trim() || undefined, email: found[2] };
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cell) ? { email: cell } : { name: cell };
}

/** A row as read: the deal's fields its cells fill, and the stage, status, person and company it names. */
export interface ReadDeal {
  fields: Partial<Pick<DealFields, 'title' | 'value' | 'currency' | 'expectedCloseDate' | 'lostReason' | 'notes'>> & {
    probability?: number;
    customFields?: Record<string, unknown>;
  };
  stageName?: string;
  status?: DealStatus;
  /** The close day of each kind the file gives (closedAt: both). */
  closedOn: { won?: string; lost?: string };
  contactName?: string;
  contactEmail?: string;
  company?: string;
}

/**
 * A row's mapped cells read (empty cells set nothing; the quote our exports put before formula-looking text dropped),
 * or why it is refused, naming the field ("value: must be an amount ...").
 */
export function readDealCells(
  cells: Record<string, string>,
  mapping: DealMapping,
  fields: ReadonlyMap<string, CustomField> = new Map(),
): ReadDeal | { reason: string } {
  const read: ReadDeal = { fields: {}, closedOn: {} };
  const custom: [string, string][] = [];
  const days: Partial<Record<'closedAt' | 'wonAt' | 'lostAt', string>> = {};
  for (const [column, field] of Object.entries(mapping)) {
    const key = customTargetKey(field);
    if (key !== undefined) {
      custom.push([column, key]);
      continue;
    }
    const cell = importedCell(cells[column]);
    if (!cell) continue;
    if (cell.includes('\u0000')) return { reason: `${field}: contains a NUL character (U+0000)` };
    switch (field as DealMappingTarget) {
      case 'value': {
        const value = dealValueOf(cell);
        if (value === null) return { reason: 'value: must be an amount up to 9999999999.99, e.g. 1.500,00 or 1500.00' };
        read.fields.value = value;
        break;
      }
      case 'currency':
        read.fields.currency = cell.toUpperCase();
        break;
      case 'status': {
        const status = statusOf(cell);
        if (!status) return { reason: `status: "${cell}" is not open, won or lost` };
        read.status = status;
        break;
      }
      case 'expectedCloseDate':
      case 'closedAt':
      case 'wonAt':
      case 'lostAt': {
        const day = dayOf(cell);
        if (!day) return { reason: `${field}: must be a date (dd/MM/yyyy or yyyy-MM-dd)` };
        if (field === 'expectedCloseDate') read.fields.expectedCloseDate = day;
        else days[field as 'closedAt' | 'wonAt' | 'lostAt'] = day;
        break;
      }
      case 'probability': {
        const probability = probabilityOf(cell);
        if (probability === undefined) return { reason: 'probability: must be a percent from 0 to 100' };
        read.fields.probability = probability;
        break;
      }
      case 'stage':
        read.stageName = cell;
        break;
      case 'contactName': {
        // Several people in one cell (RD Station's "Contatos"): the first is the deal's.
        const person = splitPerson(cell.split(/[;\n]/)[0].trim());
        read.contactName = person.name;
        read.contactEmail ??= person.email;
        break;
      }
      case 'contactEmail':
        read.contactEmail = cell.split(/[;,\s]/)[0];
        break;
      case 'company':
        read.company = cell;
        break;
      default:
        read.fields[field as 'title' | 'lostReason' | 'notes'] = cell;
    }
  }
  read.closedOn = { won: days.wonAt ?? days.closedAt, lost: days.lostAt ?? days.closedAt };
  const customValues = readCustomColumns((column) => importedCell(cells[column]), custom, fields);
  if ('reason' in customValues) return customValues;
  if (customValues.values) read.fields.customFields = customValues.values;
  if (read.contactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(read.contactEmail))
    return { reason: 'contactEmail: not an email address' };
  return read;
}

/** A stage of the chosen pipeline, as the matching reads it. */
export type StageOption = Pick<PipelineStage, 'stage' | 'kind'>;

/** The names a stage answers to: its own, and for Funil's default stages their pt and en labels. */
const namesOf = (stage: string) => [stage, labelOf('stage', stage, 'pt'), labelOf('stage', stage, 'en')].map(headerKey);

/**
 * The stage of `stages` a stage name of the file goes to: the one of that name (case, accents and spacing aside;
 * a default stage by its pt or en label too), else the preset's default stage of that name by meaning (by name in
 * the pipeline), else, when the name says won or lost ("closedwon", "Ganho", "Perdida"), the pipeline's stage of that
 * kind; null when none.
 */
export function matchStage(
  name: string,
  stages: StageOption[],
  preset: ImportPreset | null,
): { stage: string; matchedBy: Exclude<StageMatch, 'mapping'> } | null {
  const key = headerKey(name);
  const byName = (wanted: string) => stages.find((s) => namesOf(s.stage).includes(headerKey(wanted)));
  const named = byName(name);
  if (named) return { stage: named.stage, matchedBy: 'name' };
  const known = preset ? DEAL_STAGE_PRESETS[preset][key] : undefined;
  if (known && 'stage' in known) {
    const found = byName(known.stage);
    if (found) return { stage: found.stage, matchedBy: 'preset' };
  }
  const kind: StageKind | undefined = known && 'kind' in known ? known.kind : closedKindOf(statusOf(name));
  const closed = kind ? stages.find((s) => s.kind === kind) : undefined;
  return closed ? { stage: closed.stage, matchedBy: 'status' } : null;
}

const closedKindOf = (status: DealStatus | undefined): StageKind | undefined =>
  status === 'won' || status === 'lost' ? status : undefined;

/** A stage name of the file, the rows it places, and where they go (null: not mapped yet). */
export interface StageLine {
  name: string;
  rows: number;
  stage: string | null;
  matchedBy: StageMatch | null;
}

/**
 * Each distinct stage name of the rows the stage column places (rows won or lost by their status go to the
 * pipeline's won or lost stage whatever their stage), in the order the file first names it; names that differ only
 * by case, accents or spacing are one. `stageMapping` decides first, then matchStage.
 */
export function stageLines(
  rows: ReadDeal[],
  stages: StageOption[],
  preset: ImportPreset | null,
  stageMapping: StageMapping,
): StageLine[] {
  const lines = new Map<string, StageLine>();
  const sent = new Map(Object.entries(stageMapping).map(([name, stage]) => [headerKey(name), stage]));
  for (const row of rows) {
    if (row.stageName === undefined || closedKindOf(row.status)) continue;
    const key = headerKey(row.stageName);
    const line = lines.get(key);
    if (line) {
      line.rows += 1;
      continue;
    }
    const mapped = sent.get(key);
    const match = mapped !== undefined ? { stage: mapped, matchedBy: 'mapping' as const } : null;
    const found = match ?? matchStage(row.stageName, stages, preset);
    lines.set(key, { name: row.stageName, rows: 1, stage: found?.stage ?? null, matchedBy: found?.matchedBy ?? null });
  }
  return [...lines.values()];
}

/** The seeded reasons' names as the board shows them (src/ui/locales), so a file's "Preço alto" finds `price`. */
const SEEDED_REASON_NAMES: Record<string, string[]> = {
  price: ['Preço alto', 'Price too high', 'Preço', 'Price'],
  competitor: ['Escolheu um concorrente', 'Chose a competitor', 'Concorrente', 'Competitor'],
  no_budget: ['Sem orçamento', 'No budget'],
  no_decision: ['Sem decisão', 'No decision made', 'No decision'],
  timing: ['Momento inadequado', 'Bad timing', 'Timing'],
  no_response: ['Parou de responder', 'Stopped responding', 'No response'],
  other: ['Outro', 'Other', 'Outros'],
};

/**
 * A lost deal's reason as stored: an offered (active) reason the text names, by its label, key or seeded name (case
 * and accents aside), stored as the board stores it; else the text itself, as "other" keeps free text; without text,
 * "other".
 */
export function lostReasonOf(text: string | undefined, reasons: LostReason[]): string {
  if (!text) return FREE_TEXT_LOST_REASON;
  const folded = foldText(text);
  const found = reasons.find(
    (r) =>
      r.active &&
      [r.label ?? '', r.key, ...(r.label === null ? (SEEDED_REASON_NAMES[r.key] ?? []) : [])].some(
        (name) => name && foldText(name) === folded,
      ),
  );
  return found ? (found.label ?? found.key) : text;
}

/** The contacts a file's people may land on. */
export interface ContactMatchIndex {
  /** By lower-case e-mail: the oldest contact with it. */
  byEmail: Map<string, { id: number; name: string }>;
  /** A row's name -> its key (equal up to case, accents and spacing; the database's funil_name_key). */
  nameKeys: Map<string, string>;
  /** By name key, every contact with it. */
  byNameKey: Map<string, { id: number; name: string }[]>;
}

/** A row's person or company: an existing record, or one the import makes (`ref` shared by the rows naming it). */
export type ImportedLink = { id: number; name: string; ref?: undefined } | { id: null; name: string; ref: string };

/** A row read and checked by the API's rules, or why it is refused. */
export type CheckedDealRow = { rowNumber: number } & ({ read: ReadDeal } | { reason: string; title?: string });

/** What importing a row does. */
export interface PlannedDealRow {
  rowNumber: number;
  action: DealImportAction;
  reason: string | null;
  title: string | null;
  value: string | null;
  /** The stage name as the file writes it. */
  stageName: string | null;
  /** The stage it lands in (null: refused, or its stage name not mapped yet). */
  stage: string | null;
  status: DealStatus;
  fields: ReadDeal['fields'] | null;
  /** When it was closed (a won or lost stage). */
  closedAt: Date | null;
  contact: (ImportedLink & { email: string | null }) | null;
  company: ImportedLink | null;
}

export interface DealPlanContext {
  stages: PipelineStage[];
  /** The stage of each stage name, by `headerKey` of the name (stageLines). */
  stageOf: Map<string, string | null>;
  lostReasons: LostReason[];
  contacts: ContactMatchIndex;
  companies: CompanyMatchIndex;
  customFields: CustomField[];
  now: Date;
}

/**
 * What each row does, in file order: its stage (won or lost by status: the pipeline's stage of that kind; else its
 * stage name's; else the pipeline's first), closed on its close day (a day after today refused) or now, a lost one
 * with its reason (lostReasonOf); its person linked by e-mail, else by name when exactly one contact has it, else
 * made (once per e-mail or name for the whole file); its company by name (the oldest), else made (once per name).
 */
export function planDealImport(rows: CheckedDealRow[], context: DealPlanContext): PlannedDealRow[] {
  const { stages, stageOf, lostReasons, contacts, companies, customFields, now } = context;
  const today = now.toISOString().slice(0, 10);
  const byName = new Map(stages.map((s) => [s.stage, s]));
  return rows.map((row): PlannedDealRow => {
    const refuse = (reason: string, title: string | null = null): PlannedDealRow => ({
      rowNumber: row.rowNumber,
      action: 'rejected',
      reason,
      title,
      value: null,
      stageName: null,
      stage: null,
      status: 'open',
      fields: null,
      closedAt: null,
      contact: null,
      company: null,
    });
    if ('reason' in row) return refuse(row.reason, row.title ?? null);
    const { read } = row;
    let { fields } = read;
    const title = fields.title ?? null;
    if (!title) return refuse('title: required');
    const closedKind = closedKindOf(read.status);
    let stage: PipelineStage | undefined;
    if (closedKind) {
      stage = stages.find((s) => s.kind === closedKind);
      if (!stage) return refuse(`status: the pipeline has no ${closedKind} stage`, title);
    } else if (read.stageName !== undefined) {
      const name = stageOf.get(headerKey(read.stageName));
      stage = name ? byName.get(name) : undefined;
    } else stage = stages[0];
    const kind = stage?.kind ?? 'open';
    let closedAt: Date | null = null;
    if (kind !== 'open') {
      const day =
        read.closedOn[kind] ??
        (fields.expectedCloseDate && fields.expectedCloseDate <= today ? fields.expectedCloseDate : undefined);
      if (day && day > today) return refuse(`closedAt: ${day} is after today`, title);
      closedAt = day ? closedAtOf(day, now) : now;
    }
    // A closed deal weighs nothing in the forecast: it takes its stage's probability (HubSpot writes 1 for won).
    const { probability, ...rest } = fields;
    fields = {
      ...rest,
      ...(kind === 'open' && probability !== undefined && { probability }),
      lostReason: kind === 'lost' ? lostReasonOf(fields.lostReason ?? undefined, lostReasons) : null,
    };
    try {
      const { customFields: sent, ...rest } = fields;
      const values = newCustomValues(customFields, sent);
      fields = Object.keys(values).length ? { ...rest, customFields: values } : rest;
    } catch (error) {
      return refuse(customValueRefusal(error), title);
    }
    return {
      rowNumber: row.rowNumber,
      action: 'create',
      reason: null,
      title,
      value: fields.value ?? null,
      stageName: read.stageName ?? null,
      stage: stage?.stage ?? null,
      status: kind,
      fields,
      closedAt,
      contact: contactLink(read, contacts),
      company: companyLink(read.company, companies),
    };
  });
}

function contactLink(read: ReadDeal, index: ContactMatchIndex): PlannedDealRow['contact'] {
  const { contactName: name, contactEmail: email } = read;
  if (!name && !email) return null;
  const byEmail = email ? index.byEmail.get(email.toLowerCase()) : undefined;
  if (byEmail) return { ...byEmail, email: email ?? null };
  const key = name ? index.nameKeys.get(name) : undefined;
  const named = key ? (index.byNameKey.get(key) ?? []) : [];
  if (named.length === 1) return { ...named[0], email: email ?? null };
  return {
    id: null,
    name: name ?? email!,
    ref: email ? `email:${email.toLowerCase()}` : `name:${key ?? foldText(name!)}`,
    email: email ?? null,
  };
}

function companyLink(name: string | undefined, index: CompanyMatchIndex): ImportedLink | null {
  if (!name) return null;
  const key = index.nameKeys.get(name) ?? foldText(name);
  const oldest = index.byNameKey.get(key)?.[0];
  return oldest ? { id: oldest.id, name: oldest.name } : { id: null, name, ref: `name:${key}` };
}
