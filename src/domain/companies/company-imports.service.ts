import { inject, injectable } from 'inversify';
import type { FileEncoding } from '../contact-imports/contact-import';
import type { ContactImportRepository, ImportFile, ImportSource } from '../contact-imports/contact-imports.ports';
import { CONTACT_IMPORT_REPOSITORY, IMPORT_FILE } from '../contact-imports/contact-imports.tokens';
import { ownerOf } from '../contact-imports/import-owners';
import { checkImportRows, readImportHeader } from '../contact-imports/small-import';
import { ruleFor } from '../crm/crm-access';
import { ValidationError } from '../shared/app-error';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import { formatCnpj, normalizeCnpj } from './cnpj';
import type { CompaniesService } from './companies.service';
import type { CompanyImportRepository } from './company-imports.ports';
import { COMPANIES_SERVICE, COMPANY_IMPORT_REPOSITORY } from './companies.tokens';
import type { Company, CompanyFields, NewCompany } from './company';
import type { CustomField } from '../custom-fields/custom-field';
import type { ImportPreset } from '../contact-imports/crm-presets';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import {
  COMPANY_IMPORT_MAX_ROWS,
  companyPresetOf,
  guessCompanyMapping,
  planCompanyImport,
  readCompanyCells,
  rowDomain,
  type CheckedCompanyRow,
  type CompanyFieldsCheck,
  type CompanyImportAction,
  type CompanyImportMode,
  type CompanyMapping,
  type ImportedCompany,
  type MatchedBy,
  type PlannedCompanyRow,
} from './company-import';

export interface CompanyImportInput {
  file: ImportSource;
  /** Absent: guessed from the headers. */
  mapping?: CompanyMapping;
  mode: CompanyImportMode;
  /** The companies' API checks, row by row. */
  check: CompanyFieldsCheck;
}

export interface CompanyImportPreview {
  encoding: FileEncoding;
  delimiter: string;
  columns: string[];
  totalRows: number;
  /** The CRM whose export the file is, recognised by its headers (its mapping guessed); null: none we know. */
  preset: ImportPreset | null;
  mapping: CompanyMapping;
  mode: CompanyImportMode;
  counts: Record<CompanyImportAction, number>;
  /** The first rows, each with what importing it would do. */
  rows: {
    rowNumber: number;
    action: CompanyImportAction;
    matchedBy: MatchedBy | null;
    companyId: number | null;
    companyName: string | null;
    values: ImportedCompany | null;
    reason: string | null;
  }[];
}

export interface CompanyImportResult {
  counts: { created: number; updated: number; skipped: number; rejected: number };
  rejections: { rowNumber: number; reason: string }[];
}

/** Rows the preview shows. */
const PREVIEW_ROWS = 20;
/** Companies written per statement: a company is some twenty values, and PostgreSQL binds at most 65,535. */
const WRITE_CHUNK = 1_000;

/**
 * The companies' CSV import: small files (at most 20,000 rows), read whole, checked with the API's rules, matched
 * to existing companies by CNPJ, then e-mail domain, then name, and written in one transaction.
 */
@injectable()
export class CompanyImportsService {
  constructor(
    @inject(IMPORT_FILE) private readonly file: ImportFile,
    @inject(COMPANY_IMPORT_REPOSITORY) private readonly companies: CompanyImportRepository,
    @inject(COMPANIES_SERVICE) private readonly service: CompaniesService,
    @inject(CONTACT_IMPORT_REPOSITORY) private readonly users: Pick<ContactImportRepository, 'activeUsers'>,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'list'>,
  ) {}

  /** What importing the file would do; writes nothing. */
  async preview(viewer: Viewer, input: CompanyImportInput): Promise<CompanyImportPreview> {
    const { encoding, delimiter } = await this.file.describe(input.file);
    const { columns, mapping, rows, fields } = await this.read(viewer, input);
    const planned = planCompanyImport(viewer, rows, await this.matches(rows), input.mode, fields);
    const counts = { create: 0, update: 0, skip: 0, rejected: 0 };
    for (const row of planned) counts[row.action] += 1;
    return {
      encoding,
      delimiter,
      columns,
      totalRows: rows.length,
      preset: companyPresetOf(columns),
      mapping,
      mode: input.mode,
      counts,
      rows: planned.slice(0, PREVIEW_ROWS).map((row) => ({
        rowNumber: row.rowNumber,
        action: row.action,
        matchedBy: row.matchedBy,
        companyId: row.company?.id ?? null,
        companyName: row.company?.name ?? null,
        // The CNPJ as every answer shows it.
        values: row.fields?.cnpj ? { ...row.fields, cnpj: formatCnpj(row.fields.cnpj) } : row.fields,
        reason: row.reason,
      })),
    };
  }

  /** The import, in one transaction (another import making companies waits for it); refused rows are counted, not written. */
  async run(viewer: Viewer, input: CompanyImportInput): Promise<CompanyImportResult> {
    const { rows, fields } = await this.read(viewer, input);
    return this.uow.run(async () => {
      await this.companies.lockImports();
      const planned = planCompanyImport(viewer, rows, await this.matches(rows), input.mode, fields);
      const created: NewCompany[] = [];
      const updated: { current: Company; changes: Partial<CompanyFields> }[] = [];
      const rejections: CompanyImportResult['rejections'] = [];
      let skipped = 0;
      for (const row of planned) {
        if (row.action === 'create') created.push(newCompany(viewer, row));
        else if (row.action === 'update') updated.push({ current: row.current!, changes: row.changes! });
        else if (row.action === 'skip') skipped += 1;
        else rejections.push({ rowNumber: row.rowNumber, reason: row.reason! });
      }
      for (let at = 0; at < Math.max(created.length, updated.length); at += WRITE_CHUNK)
        await this.service.importMany(viewer, created.slice(at, at + WRITE_CHUNK), updated.slice(at, at + WRITE_CHUNK));
      return {
        counts: { created: created.length, updated: updated.length, skipped, rejected: rejections.length },
        rejections,
      };
    });
  }

  /** The file's header, the mapping used and every row checked; more rows than the cap is a 400 naming `file`. */
  private async read(viewer: Viewer, input: CompanyImportInput) {
    // The companies' custom fields, retired ones included (a column naming one is refused).
    const fields = await this.customFields.list('company', true);
    const { columns, mapping, byKey } = await readImportHeader(
      this.file,
      input.file,
      { fields, entity: 'company', plural: 'companies' },
      input.mapping,
      guessCompanyMapping,
    );
    const targets = Object.values(mapping);
    if (!targets.includes('name') && !targets.includes('cnpj'))
      throw new ValidationError([
        { path: 'mapping', message: 'A column must be mapped to name or cnpj', type: 'import.name' },
      ]);
    // Only who may give any company to anyone (admins) names owners; everyone else's new companies are their own.
    const owner =
      ruleFor(viewer, 'company', 'update') === 'any' ? ownerOf(viewer, {}, await this.users.activeUsers()) : null;
    const rows = await checkImportRows(this.file, input.file, COMPANY_IMPORT_MAX_ROWS, (row) =>
      checkRow(viewer, row.rowNumber, row.cells, mapping, input.check, owner, byKey),
    );
    return { columns, mapping, rows, fields };
  }

  private matches(rows: CheckedCompanyRow[]) {
    const cnpjs = new Set<string>();
    const domains = new Set<string>();
    const names = new Set<string>();
    for (const row of rows) {
      if ('reason' in row) continue;
      if (row.fields.cnpj) cnpjs.add(normalizeCnpj(row.fields.cnpj));
      const domain = rowDomain(row.fields);
      if (domain) domains.add(domain);
      if (row.fields.name) names.add(row.fields.name);
    }
    return this.companies.importMatches({ cnpjs: [...cnpjs], domains: [...domains], names: [...names] });
  }
}

function checkRow(
  viewer: Viewer,
  rowNumber: number,
  cells: Record<string, string>,
  mapping: CompanyMapping,
  check: CompanyFieldsCheck,
  owner: ReturnType<typeof ownerOf> | null,
  fields: ReadonlyMap<string, CustomField>,
): CheckedCompanyRow {
  const read = readCompanyCells(cells, mapping, fields);
  if ('reason' in read) return { rowNumber, reason: read.reason };
  if (!Object.keys(read.values).length) return { rowNumber, reason: 'the row has no value in a mapped column' };
  const name = typeof read.values.name === 'string' ? read.values.name : undefined;
  const checked = check(read.values);
  if ('reason' in checked) return { rowNumber, reason: checked.reason, name };
  const owned = owner && read.owner !== undefined ? owner(rowNumber, read.owner) : { ownerId: viewer.id };
  if ('reason' in owned) return { rowNumber, reason: owned.reason, name };
  return { rowNumber, fields: checked.fields, ownerId: owned.ownerId };
}

function newCompany(viewer: Viewer, row: PlannedCompanyRow): NewCompany {
  return {
    ...(row.changes as ImportedCompany & Pick<CompanyFields, 'name'>),
    ownerId: row.ownerId,
    createdBy: viewer.id,
  };
}
