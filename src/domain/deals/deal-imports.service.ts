import { inject, injectable } from 'inversify';
import type { CompaniesService } from '../companies/companies.service';
import { COMPANIES_SERVICE, COMPANY_IMPORT_REPOSITORY } from '../companies/companies.tokens';
import type { CompanyImportRepository } from '../companies/company-imports.ports';
import type { FileEncoding } from '../contact-imports/contact-import';
import type { ContactImportRepository, ImportFile, ImportSource } from '../contact-imports/contact-imports.ports';
import { CONTACT_IMPORT_REPOSITORY, IMPORT_FILE } from '../contact-imports/contact-imports.tokens';
import type { ImportPreset } from '../contact-imports/crm-presets';
import { headerKey } from '../contact-imports/guess-mapping';
import { checkImportRows, readImportHeader } from '../contact-imports/small-import';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import { ruleFor } from '../crm/crm-access';
import type { CustomField } from '../custom-fields/custom-field';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import { AppError, ValidationError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import { DEFAULT_PIPELINE, type NewDeal, type PipelineStage } from './deal';
import {
  DEAL_IMPORT_MAX_ROWS,
  dealPresetOf,
  guessDealMapping,
  planDealImport,
  readDealCells,
  stageLines,
  type CheckedDealRow,
  type DealImportAction,
  type DealMapping,
  type DealStatus,
  type PlannedDealRow,
  type ReadDeal,
  type StageLine,
  type StageMapping,
} from './deal-import';
import type { DealImportRepository } from './deal-imports.ports';
import { DEAL_IMPORT_REPOSITORY } from './deal-imports.tokens';
import type { DealsService } from './deals.service';
import type { LostReasonRepository, PipelineRepository, PipelineStageRepository } from './deals.ports';
import { DEALS_SERVICE, LOST_REASON_REPOSITORY, PIPELINE_REPOSITORY, PIPELINE_STAGE_REPOSITORY } from './deals.tokens';

/**
 * The API's own checks of a deal's fields (lengths, the value's shape, the currency code, the probability), given by
 * the edge that owns them: the fields as stored, or the reason they are refused, naming the field.
 */
export type DealFieldsCheck = (values: ReadDeal['fields']) => { fields: ReadDeal['fields'] } | { reason: string };

export interface DealImportInput {
  file: ImportSource;
  /** Absent: guessed from the headers. */
  mapping?: DealMapping;
  /** The pipeline's key; absent: the default one. */
  pipeline?: string;
  /** A stage name of the file -> a stage of the pipeline, besides those matched. */
  stageMapping?: StageMapping;
  /** Who gets the deals (and the people and companies made for them); absent: the importer. */
  ownerId?: number;
  check: DealFieldsCheck;
}

export interface DealImportPreview {
  encoding: FileEncoding;
  delimiter: string;
  columns: string[];
  totalRows: number;
  /** The CRM whose export the file is, recognised by its headers; null: none we know. */
  preset: ImportPreset | null;
  mapping: DealMapping;
  pipeline: string;
  /** Each stage name the file places rows with, and the stage it maps to (null: to choose before importing). */
  stages: StageLine[];
  counts: Record<DealImportAction, number> & { newContacts: number; newCompanies: number };
  rows: {
    rowNumber: number;
    action: DealImportAction;
    title: string | null;
    value: string | null;
    stageName: string | null;
    stage: string | null;
    status: DealStatus;
    contactId: number | null;
    contactName: string | null;
    companyId: number | null;
    companyName: string | null;
    reason: string | null;
  }[];
}

export interface DealImportResult {
  counts: { created: number; rejected: number; contactsCreated: number; companiesCreated: number };
  rejections: { rowNumber: number; reason: string }[];
}

/** Rows the preview shows. */
const PREVIEW_ROWS = 20;
/** Deals written per statement: a deal is some twenty values, and PostgreSQL binds at most 65,535. */
const WRITE_CHUNK = 1_000;

/**
 * The deals' CSV import (issue 28): small files (at most 20,000 rows), read whole, their stage names mapped to the
 * chosen pipeline's stages (by name, by the preset's defaults, by won or lost, or as the person chose), their people
 * and companies found or made, and written in one transaction, each deal at the end of its stage's column in file
 * order with one 'created' timeline entry.
 */
@injectable()
export class DealImportsService {
  constructor(
    @inject(IMPORT_FILE) private readonly file: ImportFile,
    @inject(DEAL_IMPORT_REPOSITORY) private readonly imports: DealImportRepository,
    @inject(COMPANY_IMPORT_REPOSITORY) private readonly companyMatches: CompanyImportRepository,
    @inject(DEALS_SERVICE) private readonly deals: Pick<DealsService, 'importMany'>,
    @inject(CONTACTS_SERVICE) private readonly contacts: Pick<ContactsService, 'create'>,
    @inject(COMPANIES_SERVICE) private readonly companies: Pick<CompaniesService, 'create'>,
    @inject(PIPELINE_REPOSITORY) private readonly pipelines: Pick<PipelineRepository, 'find'>,
    @inject(PIPELINE_STAGE_REPOSITORY) private readonly stages: Pick<PipelineStageRepository, 'list'>,
    @inject(LOST_REASON_REPOSITORY) private readonly lostReasons: Pick<LostReasonRepository, 'list'>,
    @inject(CONTACT_IMPORT_REPOSITORY) private readonly users: Pick<ContactImportRepository, 'activeUsers'>,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'list'>,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** What importing the file would do; writes nothing. */
  async preview(viewer: Viewer, input: DealImportInput): Promise<DealImportPreview> {
    const { encoding, delimiter } = await this.file.describe(input.file);
    const read = await this.read(viewer, input);
    const planned = await this.plan(read);
    const counts = { create: 0, rejected: 0, newContacts: 0, newCompanies: 0 };
    for (const row of planned) counts[row.action] += 1;
    const made = (link: 'contact' | 'company') =>
      new Set(planned.flatMap((row) => (row.action === 'create' && row[link]?.ref ? [row[link].ref] : []))).size;
    counts.newContacts = made('contact');
    counts.newCompanies = made('company');
    return {
      encoding,
      delimiter,
      columns: read.columns,
      totalRows: read.rows.length,
      preset: read.preset,
      mapping: read.mapping,
      pipeline: read.pipeline,
      stages: read.lines,
      counts,
      rows: planned.slice(0, PREVIEW_ROWS).map((row) => ({
        rowNumber: row.rowNumber,
        action: row.action,
        title: row.title,
        value: row.value,
        stageName: row.stageName,
        stage: row.stage,
        status: row.status,
        contactId: row.contact?.id ?? null,
        contactName: row.contact?.name ?? null,
        companyId: row.company?.id ?? null,
        companyName: row.company?.name ?? null,
        reason: row.reason,
      })),
    };
  }

  /**
   * The import, in one transaction: refused whole (400 naming `stageMapping.<name>`) while a stage name with rows
   * maps to no stage; refused rows are counted, not written.
   */
  async run(viewer: Viewer, input: DealImportInput): Promise<DealImportResult> {
    const read = await this.read(viewer, input);
    const unmapped = read.lines.filter((line) => line.stage === null);
    if (unmapped.length)
      throw new ValidationError(
        unmapped.map((line) => ({
          path: `stageMapping.${line.name}`,
          message: `The stage "${line.name}" (${line.rows} rows) is not mapped to a stage of the pipeline ${read.pipeline}`,
          type: 'import.stage',
        })),
      );
    return this.uow.run(async () => {
      // Another import making companies waits (the companies' and contacts' imports take the same lock).
      await this.companyMatches.lockImports();
      const planned = await this.plan(read);
      const ownerId = read.ownerId;
      const madeContacts = new Map<string, number>();
      const madeCompanies = new Map<string, number>();
      for (const row of planned) {
        if (row.action !== 'create') continue;
        const company = row.company;
        if (company?.ref !== undefined && !madeCompanies.has(company.ref))
          madeCompanies.set(company.ref, (await this.companies.create(viewer, { name: company.name, ownerId })).id);
        const contact = row.contact;
        if (contact?.ref !== undefined && !madeContacts.has(contact.ref)) {
          const companyId = company ? (company.id ?? madeCompanies.get(company.ref!)!) : undefined;
          const made = await this.contacts.create(viewer, {
            name: contact.name,
            ...(contact.email && { email: contact.email }),
            ...(companyId !== undefined && { companyId }),
            ownerId,
          });
          madeContacts.set(contact.ref, made.id);
        }
      }
      const positions = await this.imports.lastPositions(read.pipeline);
      const created: NewDeal[] = [];
      const rejections: DealImportResult['rejections'] = [];
      for (const row of planned) {
        if (row.action !== 'create') {
          rejections.push({ rowNumber: row.rowNumber, reason: row.reason! });
          continue;
        }
        const stage = read.byStage.get(row.stage!)!;
        const position = (positions.get(stage.stage) ?? 0) + 1;
        positions.set(stage.stage, position);
        created.push(newDeal(viewer, row, stage, read.pipeline, position, ownerId, madeContacts, madeCompanies));
      }
      for (let at = 0; at < created.length; at += WRITE_CHUNK)
        await this.deals.importMany(viewer, created.slice(at, at + WRITE_CHUNK));
      return {
        counts: {
          created: created.length,
          rejected: rejections.length,
          contactsCreated: madeContacts.size,
          companiesCreated: madeCompanies.size,
        },
        rejections,
      };
    });
  }

  /**
   * The file's header, the mapping, the pipeline and its stages, the owner, every row read and checked, and the
   * stage names' lines; a bad mapping, pipeline, stage mapping or owner, or more rows than the cap, is a 400 naming it.
   */
  private async read(viewer: Viewer, input: DealImportInput) {
    const fields = await this.customFields.list('deal', true);
    const { columns, mapping, byKey } = await readImportHeader(
      this.file,
      input.file,
      { fields, entity: 'deal', plural: 'deals' },
      input.mapping,
      guessDealMapping,
    );
    if (!Object.values(mapping).includes('title'))
      throw new ValidationError([
        { path: 'mapping', message: 'A column must be mapped to title', type: 'import.title' },
      ]);
    const pipeline = input.pipeline ?? DEFAULT_PIPELINE;
    const found = await this.pipelines.find(pipeline);
    if (!found || found.archived)
      throw new ValidationError([
        {
          path: 'pipeline',
          message: found ? `The pipeline ${pipeline} is archived` : `No pipeline has the key ${pipeline}`,
          type: 'import.pipeline',
        },
      ]);
    const stages = await this.stages.list(pipeline);
    const byStage = new Map(stages.map((stage) => [stage.stage, stage]));
    const stageMapping = input.stageMapping ?? {};
    const strangers = Object.entries(stageMapping).filter(([, stage]) => !byStage.has(stage));
    if (strangers.length)
      throw new ValidationError(
        strangers.map(([name, stage]) => ({
          path: `stageMapping.${name}`,
          message: `"${stage}" is not a stage of the pipeline ${pipeline} (GET /api/crm/pipeline-stages/${pipeline} lists them)`,
          type: 'import.stage',
        })),
      );
    const ownerId = await this.ownerOf(viewer, input.ownerId);
    const rows = await checkImportRows(this.file, input.file, DEAL_IMPORT_MAX_ROWS, (row) =>
      checkRow(row.rowNumber, row.cells, mapping, input.check, byKey),
    );
    const preset = dealPresetOf(columns);
    const readRows = rows.flatMap((row) => ('read' in row ? [row.read] : []));
    const lines = stageLines(readRows, stages, preset, stageMapping);
    return { columns, mapping, pipeline, stages, byStage, rows, preset, lines, ownerId, fields };
  }

  /** The one person given the deals: the importer, or one active user; only who may give any deal to anyone chooses. */
  private async ownerOf(viewer: Viewer, ownerId: number | undefined): Promise<number> {
    if (ownerId === undefined || ownerId === viewer.id) return viewer.id;
    if (ruleFor(viewer, 'deal', 'update') !== 'any')
      throw new AppError('AUTH.FORBIDDEN', 'You may import deals for yourself only', [
        { path: 'ownerId', message: 'You may import deals for yourself only', type: 'import.owner' },
      ]);
    if (!(await this.users.activeUsers()).some((user) => user.id === ownerId))
      throw new ValidationError([
        { path: 'ownerId', message: `No active user has id ${ownerId}`, type: 'import.owner' },
      ]);
    return ownerId;
  }

  private async plan(read: Awaited<ReturnType<DealImportsService['read']>>): Promise<PlannedDealRow[]> {
    const emails = new Set<string>();
    const names = new Set<string>();
    const companies = new Set<string>();
    for (const row of read.rows) {
      if (!('read' in row)) continue;
      if (row.read.contactEmail) emails.add(row.read.contactEmail.toLowerCase());
      if (row.read.contactName) names.add(row.read.contactName);
      if (row.read.company) companies.add(row.read.company);
    }
    return planDealImport(read.rows, {
      stages: read.stages,
      stageOf: new Map(read.lines.map((line) => [headerKey(line.name), line.stage])),
      lostReasons: await this.lostReasons.list(false),
      contacts: await this.imports.contactMatches({ emails: [...emails], names: [...names] }),
      companies: await this.companyMatches.importMatches({ cnpjs: [], domains: [], names: [...companies] }),
      customFields: read.fields,
      now: this.clock.now(),
    });
  }
}

/** A mapping names columns of the file, one for the title, and custom fields of deals, offered. */
function checkRow(
  rowNumber: number,
  cells: Record<string, string>,
  mapping: DealMapping,
  check: DealFieldsCheck,
  fields: ReadonlyMap<string, CustomField>,
): CheckedDealRow {
  const read = readDealCells(cells, mapping, fields);
  if ('reason' in read) return { rowNumber, reason: read.reason };
  const title = read.fields.title;
  if (!title) return { rowNumber, reason: 'title: required' };
  const checked = check(read.fields);
  if ('reason' in checked) return { rowNumber, reason: checked.reason, title };
  return { rowNumber, read: { ...read, fields: checked.fields } };
}

function newDeal(
  viewer: Viewer,
  row: PlannedDealRow,
  stage: PipelineStage,
  pipeline: string,
  position: number,
  ownerId: number,
  contacts: Map<string, number>,
  companies: Map<string, number>,
): NewDeal {
  const { probability, ...fields } = row.fields!;
  const contactId = row.contact ? (row.contact.id ?? contacts.get(row.contact.ref!)!) : null;
  const companyId = row.company ? (row.company.id ?? companies.get(row.company.ref!)!) : null;
  return {
    ...fields,
    title: row.title!,
    pipeline,
    stage: stage.stage,
    position,
    probability: probability ?? stage.probability,
    probabilityManual: probability !== undefined,
    closedAt: row.closedAt,
    contactId,
    companyId,
    ownerId,
    createdBy: viewer.id,
  };
}
