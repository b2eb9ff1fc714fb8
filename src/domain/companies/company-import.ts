import { importedCell, splitTags } from '../contact-imports/import-row';
import { headerKey, mappingGuesser } from '../contact-imports/guess-mapping';
import { COMPANY_PRESETS, recognizePreset, type ImportPreset } from '../contact-imports/crm-presets';
import type { CustomField } from '../custom-fields/custom-field';
import {
  changedCustomValues,
  customTargetKey,
  customValueRefusal,
  guessCustomColumns,
  newCustomValues,
  readCustomColumns,
} from '../custom-fields/custom-field-cell';
import { can } from '../crm/crm-access';
import { valueOfLabel } from '../shared/labels';
import type { Viewer } from '../shared/viewer';
import { normalizeCnpj } from './cnpj';
import { COMPANY_TRACKED_FIELDS, type Company, type CompanyFields } from './company';

/** The company fields a CSV column can fill (the owner by the `owner` target, by name, username or e-mail). */
export const COMPANY_IMPORT_FIELDS = COMPANY_TRACKED_FIELDS.filter(
  (field): field is Exclude<(typeof COMPANY_TRACKED_FIELDS)[number], 'ownerId'> => field !== 'ownerId',
);
export type CompanyImportField = (typeof COMPANY_IMPORT_FIELDS)[number];
export const COMPANY_MAPPING_TARGETS = [...COMPANY_IMPORT_FIELDS, 'owner'] as const;
export type CompanyMappingTarget = (typeof COMPANY_MAPPING_TARGETS)[number];
/** CSV column header -> company field (or owner, or a custom field of companies: `customFields.<key>`). */
export type CompanyMapping = Record<string, CompanyMappingTarget | `customFields.${string}`>;

/** update: a matched company takes the row's non-empty cells; skip: a matched company is left alone. */
export const COMPANY_IMPORT_MODES = ['update', 'skip'] as const;
export type CompanyImportMode = (typeof COMPANY_IMPORT_MODES)[number];

export const COMPANY_IMPORT_ACTIONS = ['create', 'update', 'skip', 'rejected'] as const;
export type CompanyImportAction = (typeof COMPANY_IMPORT_ACTIONS)[number];
export const MATCHED_BY = ['cnpj', 'emailDomain', 'name'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

/** A file's companies are few: past this many data rows it is refused whole. */
export const COMPANY_IMPORT_MAX_ROWS = 20_000;

/** What a row sets on a company: the fields of its non-empty cells, as the companies' API validates them. */
export type ImportedCompany = Partial<Omit<CompanyFields, 'ownerId'>>;

/**
 * The API's own checks of a company's fields (CNPJ check digits, UF, size, e-mail domain, lengths, tags), given by the
 * edge that owns them: the fields as stored, or the reason they are refused, naming the field.
 */
export type CompanyFieldsCheck = (values: Record<string, unknown>) => { fields: ImportedCompany } | { reason: string };

/** Header words, pt and en, as `headerKey` writes them: our export's headers in both forms among them. */
const HEADER_WORDS: Record<CompanyMappingTarget, string[]> = {
  name: ['nome', 'name', 'razaosocial', 'empresa', 'company', 'companyname', 'nomedaempresa', 'organizacao'],
  cnpj: ['cnpj', 'cnpjdaempresa', 'companycnpj'],
  tradeName: ['nomefantasia', 'tradename', 'fantasia'],
  segment: ['segmento', 'segment', 'setor', 'ramo', 'industry'],
  size: ['porte', 'size', 'tamanho', 'companysize'],
  website: ['site', 'website', 'url', 'homepage', 'pagina'],
  emailDomain: ['dominiodeemail', 'emaildomain', 'dominio', 'domain'],
  phone: ['telefone', 'phone', 'fone', 'tel', 'telephone', 'whatsapp'],
  cep: ['cep', 'postalcode', 'zip', 'zipcode', 'codigopostal'],
  street: ['logradouro', 'street', 'endereco', 'address', 'rua'],
  number: ['numero', 'number', 'num'],
  city: ['cidade', 'city', 'municipio'],
  uf: ['uf', 'state', 'estado'],
  tags: ['tags', 'tag', 'etiquetas', 'marcadores', 'labels'],
  notes: ['observacoes', 'notes', 'notas', 'observacao', 'obs', 'comentarios'],
  owner: ['responsavel', 'owner', 'ownername', 'dono', 'proprietario', 'vendedor', 'salesperson'],
};

const guessFields: (columns: string[]) => CompanyMapping = mappingGuesser(HEADER_WORDS);

/** Which CRM's export of organizations the file is, by its headers; null: none we know. */
export function companyPresetOf(columns: string[]): ImportPreset | null {
  return recognizePreset(COMPANY_PRESETS, columns, headerKey)?.preset ?? null;
}

/**
 * The mapping guessed from a file's headers: another CRM's export's own (crm-presets), else the company's fields by
 * their words; then the custom fields' (guessCustomColumns).
 */
export function guessCompanyMapping(columns: string[], fields: CustomField[] = []): CompanyMapping {
  const mapping = recognizePreset(COMPANY_PRESETS, columns, headerKey)?.mapping ?? guessFields(columns);
  return { ...mapping, ...guessCustomColumns(columns, mapping, fields, headerKey) };
}

/**
 * A row's mapped cells as the API would take them (empty cells set nothing; tags split by ; or ,; a size by its value
 * or its pt/en label; the quote our exports put before formula-looking text dropped), and its owner cell; or why
 * it is refused.
 */
export function readCompanyCells(
  cells: Record<string, string>,
  mapping: CompanyMapping,
  fields: ReadonlyMap<string, CustomField> = new Map(),
): { values: Record<string, unknown>; owner?: string } | { reason: string } {
  const values: Record<string, unknown> = {};
  let owner: string | undefined;
  const custom: [string, string][] = [];
  for (const [column, field] of Object.entries(mapping)) {
    const key = customTargetKey(field);
    if (key !== undefined) {
      custom.push([column, key]);
      continue;
    }
    const cell = importedCell(cells[column]);
    if (!cell) continue;
    // PostgreSQL stores no NUL in text: the row is refused alone.
    if (cell.includes('\u0000')) return { reason: `${field} contains a NUL character (U+0000)` };
    if (field === 'owner') owner = cell;
    else if (field === 'tags') values.tags = splitTags(cell);
    else if (field === 'size') values.size = valueOfLabel('companySize', cell) ?? cell;
    else values[field] = cell;
  }
  const customValues = readCustomColumns((column) => importedCell(cells[column]), custom, fields);
  if ('reason' in customValues) return customValues;
  if (customValues.values) values.customFields = customValues.values;
  return owner === undefined ? { values } : { values, owner };
}

/** The domain a website is on, without "www.": "https://www.acme.com.br/contato" -> "acme.com.br". */
export function websiteDomain(website: string): string | null {
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `http://${website}`).hostname;
    return host.replace(/^www\./, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

/** The existing companies a file's rows may match, found for its CNPJs, domains and names. */
export interface CompanyMatchIndex {
  /** By normalized CNPJ. */
  byCnpj: Map<string, Company>;
  /** By lower-case e-mail domain, every company with it. */
  byDomain: Map<string, Company[]>;
  /** A row's name -> its key (equal up to case, accents and spacing; the database's funil_name_key). */
  nameKeys: Map<string, string>;
  /** By name key, oldest first. */
  byNameKey: Map<string, Company[]>;
}

/**
 * A row read and checked: its fields and the owner of a company it would create, or why it is refused (with the
 * name it gives, as read, so that the preview can say which company the refused row is).
 */
export type CheckedCompanyRow = { rowNumber: number } & (
  { fields: ImportedCompany; ownerId: number } | { reason: string; name?: string }
);

/** What importing a row does. */
export interface PlannedCompanyRow {
  rowNumber: number;
  action: CompanyImportAction;
  matchedBy: MatchedBy | null;
  /** The existing company it matched. */
  company: Pick<Company, 'id' | 'name'> | null;
  /** The row's fields as they would be stored; for a refused row, what is known of it (its name), or null. */
  fields: ImportedCompany | null;
  /** An update's changes (the fields that differ from the company's); a creation's owner. */
  changes: ImportedCompany | null;
  ownerId: number | null;
  reason: string | null;
  /** The matched company as it was, for an update's timeline entry. */
  current: Company | null;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `fields` that differ from the company's (a CNPJ compared without punctuation). */
export function companyChanges(current: Company, fields: ImportedCompany): ImportedCompany {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const before = current[field as keyof Company];
    const same =
      field === 'cnpj'
        ? normalizeCnpj(String(value)) === (before ? normalizeCnpj(String(before)) : null)
        : sameValue(value, before);
    if (!same) changes[field] = value;
  }
  return changes as ImportedCompany;
}

/** A company the row could land on: one with another CNPJ than the row's is another company (a branch, a homonym). */
const compatible = (company: Company, cnpj: string | null) =>
  !cnpj || !company.cnpj || normalizeCnpj(company.cnpj) === cnpj;

/** The existing company a row lands on: by CNPJ, else by its e-mail domain (one company only), else by name (the oldest). */
export function matchCompany(
  fields: ImportedCompany,
  index: CompanyMatchIndex,
): { company: Company; matchedBy: MatchedBy } | null {
  const cnpj = fields.cnpj ? normalizeCnpj(fields.cnpj) : null;
  const byCnpj = cnpj ? index.byCnpj.get(cnpj) : undefined;
  if (byCnpj) return { company: byCnpj, matchedBy: 'cnpj' };
  const domain = rowDomain(fields);
  const byDomain = domain ? (index.byDomain.get(domain) ?? []).filter((c) => compatible(c, cnpj)) : [];
  if (byDomain.length === 1) return { company: byDomain[0], matchedBy: 'emailDomain' };
  const key = fields.name ? index.nameKeys.get(fields.name) : undefined;
  const byName = key ? (index.byNameKey.get(key) ?? []).find((c) => compatible(c, cnpj)) : undefined;
  return byName ? { company: byName, matchedBy: 'name' } : null;
}

/** The row's e-mail domain: its own, else its website's. */
export function rowDomain(fields: ImportedCompany): string | null {
  return fields.emailDomain?.toLowerCase() ?? (fields.website ? websiteDomain(fields.website) : null);
}

/**
 * What each row does, in file order. A row matched to a company an earlier row already took, or naming the CNPJ,
 * domain or name of a company an earlier row creates, is refused naming that row: a company is written once.
 * `update`: a matched row whose cells change nothing is a skip; one that changes a company the viewer may not
 * change is refused.
 */
export function planCompanyImport(
  viewer: Viewer,
  rows: CheckedCompanyRow[],
  index: CompanyMatchIndex,
  mode: CompanyImportMode,
  customFields: CustomField[] = [],
): PlannedCompanyRow[] {
  /** What earlier rows took: a company's id, a new company's CNPJ, domain and name key -> that row's number. */
  const taken = new Map<string, number>();
  const refuse = (rowNumber: number, reason: string, fields: ImportedCompany | null = null): PlannedCompanyRow => ({
    rowNumber,
    action: 'rejected',
    matchedBy: null,
    company: null,
    fields,
    changes: null,
    ownerId: null,
    reason,
    current: null,
  });
  return rows.map((row) => {
    if ('reason' in row) return refuse(row.rowNumber, row.reason, row.name ? { name: row.name } : null);
    let { fields } = row;
    const cnpj = fields.cnpj ? `cnpj:${normalizeCnpj(fields.cnpj)}` : null;
    const match = matchCompany(fields, index);
    if (!match) {
      const domain = rowDomain(fields);
      const key = fields.name ? index.nameKeys.get(fields.name) : undefined;
      const claims = [cnpj, domain && `domain:${domain}`, key && `name:${key}`].filter((c): c is string => !!c);
      const earlier = claims.map((claim) => taken.get(claim)).find((n) => n !== undefined);
      if (earlier !== undefined) return refuse(row.rowNumber, `the same company as row ${earlier}`, fields);
      if (!fields.name) return refuse(row.rowNumber, 'name is required to create a company', fields);
      // A new company: every custom value checked, the required ones present.
      try {
        const { customFields: sent, ...rest } = fields;
        const values = newCustomValues(customFields, sent);
        fields = Object.keys(values).length ? { ...rest, customFields: values } : rest;
      } catch (error) {
        return refuse(row.rowNumber, customValueRefusal(error), fields);
      }
      for (const claim of claims) taken.set(claim, row.rowNumber);
      return {
        rowNumber: row.rowNumber,
        action: 'create',
        matchedBy: null,
        company: null,
        fields,
        changes: fields,
        ownerId: row.ownerId,
        reason: null,
        current: null,
      };
    }
    const { company, matchedBy } = match;
    const earlier = taken.get(`company:${company.id}`) ?? (cnpj ? taken.get(cnpj) : undefined);
    if (earlier !== undefined) return refuse(row.rowNumber, `the same company as row ${earlier}`, fields);
    taken.set(`company:${company.id}`, row.rowNumber);
    if (cnpj) taken.set(cnpj, row.rowNumber);
    // The custom values it changes (an update only), merged into the company's.
    const { customFields: sent, ...rest } = fields;
    try {
      const base = company.customFields ?? {};
      const custom = mode === 'update' ? changedCustomValues(customFields, base, sent) : {};
      fields = Object.keys(custom).length ? { ...rest, customFields: { ...base, ...custom } } : rest;
    } catch (error) {
      return refuse(row.rowNumber, customValueRefusal(error), fields);
    }
    const changes = mode === 'update' ? companyChanges(company, fields) : {};
    const planned = {
      rowNumber: row.rowNumber,
      matchedBy,
      company: { id: company.id, name: company.name },
      fields,
      ownerId: null,
      current: company,
    };
    if (!Object.keys(changes).length) return { ...planned, action: 'skip', changes: null, reason: null };
    if (!can(viewer, 'company', 'update', company))
      return { ...refuse(row.rowNumber, `company #${company.id} belongs to someone else`, fields), ...planned };
    return { ...planned, action: 'update', changes, reason: null };
  });
}
