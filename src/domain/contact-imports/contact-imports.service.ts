import { inject, injectable, optional } from 'inversify';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import { can } from '../crm/crm-access';
import type { Viewer } from '../shared/viewer';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import { AppError, ValidationError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/job-queue.port';
import { NO_OPERATIONS_METRICS, type OperationsMetrics } from '../shared/operations-metrics.port';
import { CLOCK, JOB_QUEUE, OPERATIONS_METRICS, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import type { CustomField } from '../custom-fields/custom-field';
import {
  changedCustomValues,
  customValueRefusal,
  newCustomValues,
  unknownCustomTargets,
} from '../custom-fields/custom-field-cell';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import { companySubject, contactSubject, diffFields, timelineEntry, authorOf } from '../timeline/timeline';
import {
  IMPORT_CONTACT_FIELDS,
  type CompanyRef,
  type ContactImport,
  type ImportCounts,
  type ImportMapping,
  type ImportMode,
  type ImportOutcome,
  type ImportOwners,
  type ImportPrivacy,
  type ImportPreview,
  type ImportRow,
  type ImportedFields,
  type ImportedValues,
  type Rejection,
} from './contact-import';
import { contactPresetOf, guessMapping } from './guess-mapping';
import type {
  ContactImportRepository,
  ExistingContact,
  ImportFile,
  ImportSource,
  RestoredContact,
} from './contact-imports.ports';
import { CONTACT_IMPORT_REPOSITORY, IMPORT_FILE } from './contact-imports.tokens';
import { changedFields, readRow } from './import-row';
import { checkOwners, ownerOf, type OwnerOf } from './import-owners';

/** Rows the dry run reads per step. */
export const IMPORT_BATCH_SIZE = 500;

/**
 * Rows written per transaction, which is also a step of the progress: about a twentieth of the file, from 500 to
 * 5,000 rows. A batch costs a few statements whatever its size (the contacts and their timeline entries in one).
 */
export function importBatchSize(totalRows: number): number {
  return Math.min(5_000, Math.max(500, Math.ceil(totalRows / 20)));
}

/** A batch's rows, checked: the valid ones with their values, and the refused ones with their reason. */
interface ReadBatch {
  rows: ImportRow[];
  /** With the owner a contact the row creates is given. */
  valid: { row: ImportRow; values: ImportedValues; ownerId: number }[];
  rejections: Rejection[];
}

/** A contact to insert, with its owner. */
type NewImported = ImportedFields & { ownerId: number };

/**
 * The company id the dry run shows for a company the import would make: no company has it, so a contact's current
 * company is never taken for it (the row is a change).
 */
const NEW_COMPANY = -1;

/** The company each valid row of a batch names (null: none), in the batch's order. */
type BatchCompanies = (number | null)[];

/** The company a row names, if it names one. */
const companyRef = ({ company, cnpj }: ImportedValues): CompanyRef | null =>
  company || cnpj ? { name: company ?? null, cnpj: cnpj ?? null } : null;

/** What a row writes on a contact: its values with the company found (or made) for it instead of its name and CNPJ. */
function fieldsOf(values: ImportedValues, companyId: number | null): ImportedFields {
  const { company, cnpj, ...fields } = values;
  return company || cnpj ? { ...fields, companyId } : fields;
}

/** The contacts' custom fields, retired ones included (a row naming one is refused), as an import reads them. */
interface ImportFields {
  list: CustomField[];
  byKey: ReadonlyMap<string, CustomField>;
}

function readBatch(rows: ImportRow[], mapping: ImportMapping, owner: OwnerOf, fields: ImportFields): ReadBatch {
  const valid: ReadBatch['valid'] = [];
  const rejections: Rejection[] = [];
  for (const row of rows) {
    const read = readRow(row, mapping, fields.byKey);
    const owned = 'reason' in read ? read : owner(row.rowNumber, read.owner);
    if ('reason' in owned) rejections.push({ rowNumber: row.rowNumber, reason: owned.reason, cells: row.cells });
    else valid.push({ row, values: (read as { values: ImportedValues }).values, ownerId: owned.ownerId });
  }
  return { rows, valid, rejections };
}

/** The owners an import asked for, as the job reads them back. */
const ownersOf = (found: ContactImport): ImportOwners => ({
  ownerId: found.ownerId ?? undefined,
  ownerIds: found.ownerIds ?? undefined,
});

/** Rows the dry run shows as they would be stored, and refused rows it lists. */
const PREVIEW_SAMPLE = 10;
const PREVIEW_REJECTIONS = 50;

/** Every mapped column is in the file, one is mapped to name, and each custom field mapped is one of contacts. */
function checkMapping(columns: string[], mapping: ImportMapping, fields: ImportFields): void {
  const missing = Object.keys(mapping).filter((column) => !columns.includes(column));
  if (missing.length) {
    throw new ValidationError(
      missing.map((column) => ({
        path: `mapping.${column}`,
        message: `The file has no column "${column}"`,
        type: 'import.column',
      })),
    );
  }
  const unknown = unknownCustomTargets(mapping, fields.byKey);
  if (unknown.length) {
    throw new ValidationError(
      unknown.map(([column, target]) => ({
        path: `mapping.${column}`,
        message: `${target} is not a field of contacts (GET /api/crm/fields?entity=contact lists them)`,
        type: 'import.field',
      })),
    );
  }
  const targets = Object.values(mapping);
  if (!targets.includes('name') && !targets.includes('firstName') && !targets.includes('lastName')) {
    throw new ValidationError([
      {
        path: 'mapping',
        message: 'A column must be mapped to name (or to firstName and lastName)',
        type: 'import.name',
      },
    ]);
  }
}

@injectable()
export class ContactImportsService {
  constructor(
    @inject(CONTACT_IMPORT_REPOSITORY) private readonly imports: ContactImportRepository,
    @inject(IMPORT_FILE) private readonly file: ImportFile,
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'list'>,
    @inject(OPERATIONS_METRICS) @optional() private readonly metrics: OperationsMetrics = NO_OPERATIONS_METRICS,
  ) {}

  /** The contacts' custom fields as this import reads them: read once per run or dry run. */
  private async importFields(): Promise<ImportFields> {
    const list = await this.customFields.list('contact', true);
    return { list, byKey: new Map(list.map((field) => [field.key, field])) };
  }

  /** Checks the mapping against the file's header, stores the file with the import (both or neither) and queues it. */
  async start(
    viewer: Viewer,
    input: {
      fileName: string | null;
      file: ImportSource;
      mapping: ImportMapping;
      mode: ImportMode;
      owners?: ImportOwners;
      privacy?: ImportPrivacy | null;
    },
  ): Promise<ContactImport> {
    const { fileName, mapping, mode, owners = {} } = input;
    checkOwners(viewer, owners, mapping, await this.imports.activeUsers());
    checkMapping(await this.file.columns(input.file), mapping, await this.importFields());
    const created = await this.uow.run(async () => {
      const made = await this.imports.create({
        fileName,
        mapping,
        mode,
        createdBy: viewer.id,
        createdByRole: viewer.role,
        ownerId: owners.ownerId ?? null,
        ownerIds: owners.ownerIds ?? null,
        privacy: input.privacy ?? null,
      });
      await this.imports.storeFile(made.id, input.file());
      return made;
    });
    try {
      await this.queue.enqueue('contacts.import', { importId: created.id }, { jobId: `contact-import-${created.id}` });
    } catch (error) {
      await this.imports.finish(created.id, 'failed', this.clock.now(), 'The job queue was unavailable');
      throw error;
    }
    return created;
  }

  /** The importer and admins see an import; anybody else gets 404. */
  async get(viewer: Viewer, id: number): Promise<ContactImport> {
    const found = await this.imports.find(id);
    if (!found || (viewer.role !== 'admin' && found.createdBy !== viewer.id))
      throw new AppError('IMPORT.NOT_FOUND', 'Import not found');
    return found;
  }

  async rejections(viewer: Viewer, id: number): Promise<Rejection[]> {
    await this.get(viewer, id);
    return this.imports.rejections(id);
  }

  /** The viewer's latest imports, newest first: the wizard finds a running one after a reload. */
  recent(viewer: Viewer, limit = 10): Promise<ContactImport[]> {
    return this.imports.listByCreator(viewer.id, limit);
  }

  /**
   * The dry run: reads the whole file as the import would (same encoding, separator, checks and
   * duplicate rule, as the viewer) and writes nothing. Without a mapping, the one guessed from the headers.
   */
  async preview(
    viewer: Viewer,
    input: {
      fileName: string | null;
      file: ImportSource;
      size: number;
      mapping?: ImportMapping;
      mode: ImportMode;
      owners?: ImportOwners;
    },
  ): Promise<ImportPreview> {
    const { owners = {} } = input;
    const users = await this.imports.activeUsers();
    const { encoding, delimiter } = await this.file.describe(input.file);
    const columns = await this.file.columns(input.file);
    if (!columns.length)
      throw new ValidationError([{ path: 'file', message: 'The file is empty', type: 'import.empty' }]);
    const fields = await this.importFields();
    const suggestedMapping = guessMapping(columns, fields.list);
    // Owners asked for without a mapping: the guessed one without its owner column.
    const chosen = owners.ownerId !== undefined || owners.ownerIds !== undefined;
    const mapping =
      input.mapping ??
      (chosen
        ? Object.fromEntries(Object.entries(suggestedMapping).filter(([, field]) => field !== 'owner'))
        : suggestedMapping);
    checkOwners(viewer, owners, mapping, users);
    if (input.mapping) checkMapping(columns, mapping, fields);
    const owner = ownerOf(viewer, owners, users);
    const perOwner = new Map<number, number>();
    const counts: ImportCounts = { created: 0, updated: 0, skipped: 0, rejected: 0 };
    const sample: ImportPreview['sample'] = [];
    const rejections: Rejection[] = [];
    const state = newPlanState(PREVIEW_SAMPLE);
    let totalRows = 0;
    let batch: ImportRow[] = [];
    const evaluate = async () => {
      const read = readBatch(batch, mapping, owner, fields);
      const plan = await this.plan(viewer, input.mode, read, state, await this.batchCompanies(read), fields);
      for (const key of Object.keys(counts) as (keyof ImportCounts)[]) counts[key] += plan.counts[key];
      for (const { ownerId } of plan.toInsert) perOwner.set(ownerId, (perOwner.get(ownerId) ?? 0) + 1);
      for (const { row, outcome, values, ownerId } of plan.outcomes) {
        if (sample.length < PREVIEW_SAMPLE)
          sample.push({ rowNumber: row.rowNumber, outcome, values, ownerId: outcome === 'create' ? ownerId : null });
      }
      rejections.push(...plan.rejections.slice(0, PREVIEW_REJECTIONS - rejections.length));
      batch = [];
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    for await (const row of this.file.rows(input.file)) {
      totalRows += 1;
      batch.push(row);
      if (batch.length === IMPORT_BATCH_SIZE) await evaluate();
    }
    if (batch.length) await evaluate();
    const names = new Map(users.map((user) => [user.id, user.name]));
    const perOwnerList = [...perOwner]
      .map(([userId, n]) => ({ userId, name: names.get(userId) ?? '', count: n }))
      .sort((a, b) => b.count - a.count);
    return {
      fileName: input.fileName,
      size: input.size,
      encoding,
      delimiter,
      columns,
      totalRows,
      suggestedMapping,
      preset: contactPresetOf(columns),
      mapping,
      mode: input.mode,
      counts,
      owners: perOwnerList,
      sample,
      rejections,
    };
  }

  /**
   * Removes the contacts the import created and puts back the fields it changed, in one transaction,
   * with a timeline entry for each. The importer or an admin (others get 404), once the import ended, and
   * only while nothing else has touched those contacts since.
   */
  async undo(viewer: Viewer, id: number): Promise<ContactImport> {
    await this.get(viewer, id);
    return this.uow.run(async () => {
      const found = await this.imports.lock(id);
      if (!found) throw new AppError('IMPORT.NOT_FOUND', 'Import not found');
      if (found.status === 'undone') throw new AppError('IMPORT.ALREADY_UNDONE', 'This import was already undone');
      if (found.status === 'queued' || found.status === 'running')
        throw new AppError('IMPORT.NOT_FINISHED', 'The import is still running');
      const changed = await this.timeline.contactsChangedSinceImport(id, 20);
      if (changed.length) {
        throw new AppError(
          'IMPORT.CHANGED_SINCE',
          'Some of the imported contacts were changed since; undoing would lose those changes',
          { contactIds: changed },
        );
      }
      const by = authorOf(viewer);
      // Deletes first: a contact the import created and then changed again needs no restoring.
      const entries = (await this.imports.deleteCreated(id)).map((deleted) =>
        timelineEntry(contactSubject(deleted), 'deleted', by),
      );
      for (const { before, after } of await this.imports.restoreUpdated(id))
        entries.push(timelineEntry(contactSubject(after), 'updated', by, diffFields(before, after, UNDONE_FIELDS)));
      // Last: the companies it made are unused once its contacts are gone or put back.
      for (const company of await this.imports.deleteCompaniesCreated(id))
        entries.push(timelineEntry(companySubject(company), 'deleted', by));
      await this.timeline.record(entries);
      await this.imports.markUndone(id, viewer.id, this.clock.now());
      return (await this.imports.find(id))!;
    });
  }

  /**
   * The job: each batch is one transaction that records its rows as done, and a run skips the rows done, so running
   * it again (after a crash, or a batch that failed) never writes a row twice. On PostgreSQL two batches are written
   * at once (see `writers`), each on its own connection, so the database works on two cores; they commit in any order. A batch
   * with an email of the one being written waits for it, and plans against it committed. The next batch is read
   * from the file meanwhile.
   */
  async run(id: number): Promise<void> {
    const found = await this.imports.find(id);
    // Ended, failed or undone: a job that runs again has nothing left to do.
    if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
    const file = this.imports.file(id);
    const totalRows = found.totalRows ?? (await this.file.countRows(file));
    await this.imports.markRunning(id, totalRows);
    const size = importBatchSize(totalRows);
    const doneRows = await this.imports.doneRows(id);
    const owner = ownerOf(
      { id: found.createdBy ?? 0, role: found.createdByRole },
      ownersOf(found),
      await this.imports.activeUsers(),
    );
    const fields = await this.importFields();
    const writers = this.imports.writers();
    const parallel = writers.count;
    /** Batches being written, oldest first, with the emails they write. */
    const writing: { emails: Set<string>; done: Promise<void> }[] = [];
    let failure: unknown;
    const settle = async (batch: (typeof writing)[number]) => {
      try {
        await batch.done;
      } catch (error) {
        failure ??= error;
      }
      writing.splice(writing.indexOf(batch), 1);
    };
    const write = async (rows: ImportRow[]) => {
      // Checked before waiting: the rows' own checks need no database.
      const read = readBatch(rows, found.mapping, owner, fields);
      const emails = new Set<string>();
      for (const { values } of read.valid) if (values.email) emails.add(values.email.toLowerCase());
      const overlaps = (other: Set<string>) => {
        for (const email of emails) if (other.has(email)) return true;
        return false;
      };
      while (writing.length && (writing.length >= parallel || writing.some((w) => overlaps(w.emails))))
        await settle(writing[0]);
      if (failure) throw failure;
      // Lets requests in: the embedded database runs on this thread and would otherwise be held to the end.
      if (parallel === 1) await new Promise((resolve) => setTimeout(resolve, 0));
      const done = this.writeBatch(found, read, fields);
      // Awaited before the next batch or the end; handled now so a failure while the next is read is not "unhandled".
      done.catch(() => undefined);
      writing.push({ emails, done });
    };
    try {
      let batch: ImportRow[] = [];
      let range = 0;
      for await (const chunk of this.file.rowChunks(file)) {
        for (const row of chunk) {
          // Row numbers rise: one pass over the done ranges.
          while (range < doneRows.length && doneRows[range][1] < row.rowNumber) range += 1;
          if (range < doneRows.length && doneRows[range][0] <= row.rowNumber) continue;
          batch.push(row);
          if (batch.length === size) {
            await write(batch);
            batch = [];
          }
        }
      }
      if (batch.length) await write(batch);
    } catch (error) {
      failure ??= error;
    }
    while (writing.length) await settle(writing[0]);
    writers.release();
    if (failure) throw failure;
    // The basis and consents the importer stated, for every contact the import created or updated.
    if (found.privacy) await this.imports.recordPrivacy(found, found.createdBy);
    await this.imports.finish(id, 'completed', this.clock.now());
  }

  /**
   * After the last attempt: the import shows as failed with the reason, when it is one of ours (an unreadable
   * file); any other error's text (SQL, a driver's words) stays in the log the queue wrote, never on screen.
   */
  async fail(id: number, error: Error): Promise<void> {
    const reason =
      error instanceof AppError
        ? error.message
        : 'The import stopped on an unexpected error; it was logged for the administrator';
    await this.imports.finish(id, 'failed', this.clock.now(), reason.slice(0, 500));
  }

  /** One transaction: the batch's contacts and timeline entries (through the contacts' write path), the values it changes, its rows as done, its counts. */
  private writeBatch(job: ContactImport, batch: ReadBatch, fields: ImportFields): Promise<void> {
    const viewer: Viewer = { id: job.createdBy ?? 0, role: job.createdByRole };
    const { rows } = batch;
    // In a transaction of its own, short, as concurrent batches take turns making companies.
    return this.uow
      .run(() => this.batchCompanies(batch, { createdBy: viewer.id, importId: job.id }))
      .then((companies) =>
        this.uow.run(async () => {
          const plan = await this.plan(viewer, job.mode, batch, newPlanState(), companies, fields);
          const updates = [...plan.updates.values()];
          await this.imports.recordUpdates(
            job.id,
            updates.map(({ current, changes }) => ({
              contactId: current.id,
              before: pick(current, Object.keys(changes)),
            })),
          );
          await this.contacts.importBatch(viewer, job.id, plan.toInsert, updates);
          const range = { first: rows[0].rowNumber, last: rows[rows.length - 1].rowNumber, rows: rows.length };
          await this.imports.recordBatch(job.id, range, plan.counts, plan.rejections);
        }),
      )
      .then(() => this.metrics.importRowsWritten(rows.length));
  }

  /**
   * The company of each valid row of a batch: found by CNPJ or name, else made when `made` is given (the import:
   * each new company with its 'created' entry, marked as the import's), else (the dry run) NEW_COMPANY.
   */
  private async batchCompanies(
    batch: ReadBatch,
    made?: { createdBy: number; importId: number },
  ): Promise<BatchCompanies> {
    const refs = batch.valid.map(({ values }) => companyRef(values));
    const named = refs.filter((ref): ref is CompanyRef => ref !== null);
    if (!named.length) return refs.map(() => null);
    const { ids, created } = await this.imports.companiesFor(named, made);
    if (made && created.length) {
      const by = { userId: made.createdBy, importId: made.importId };
      await this.timeline.record(created.map((company) => timelineEntry(companySubject(company), 'created', by)));
    }
    let next = 0;
    return refs.map((ref) => {
      if (!ref) return null;
      const id = ids[next++];
      return id ?? (!made && ref.name ? NEW_COMPANY : null);
    });
  }

  /**
   * What a batch of rows does, without writing. `state` carries the rows not yet in the database across
   * calls: a batch that is not written (the dry run) must still see the ones before it.
   */
  private async plan(
    viewer: Viewer,
    mode: ImportMode,
    batch: ReadBatch,
    state: PlanState,
    companies: BatchCompanies,
    customFields: ImportFields,
  ) {
    const counts: ImportCounts = { created: 0, updated: 0, skipped: 0, rejected: 0 };
    const rejections = [...batch.rejections];
    const outcomes: { row: ImportRow; outcome: ImportOutcome; values: ImportedValues; ownerId: number }[] = [];
    const { valid } = batch;
    const emails = [...new Set(valid.map((v) => v.values.email?.toLowerCase()).filter((e): e is string => Boolean(e)))];
    const existing = await this.imports.findByEmails(emails);
    // Rows not yet in the database, by email: a later row with the same email is a duplicate of it.
    const { fresh, updates } = state;
    const toInsert: NewImported[] = [];
    const refuse = (row: ImportRow, error: unknown) =>
      rejections.push({ rowNumber: row.rowNumber, reason: customValueRefusal(error), cells: row.cells });
    for (const [index, { row, values, ownerId }] of valid.entries()) {
      let fields = fieldsOf(values, companies[index]);
      const email = values.email?.toLowerCase();
      const pending = email !== undefined && fresh.has(email);
      const current: ExistingContact | undefined = email ? existing.get(email) : undefined;
      if (!pending && !current) {
        // A new contact: every value checked, the required ones present.
        try {
          fields = { ...fields, customFields: newCustomValues(customFields.list, values.customFields) };
        } catch (error) {
          refuse(row, error);
          continue;
        }
        // The row's values and owner in one record: a later duplicate's values go into it (see PlanState).
        const record: NewImported = { ...fields, ownerId };
        toInsert.push(record);
        if (email) fresh.set(detached(email), state.valuesKept++ < state.keepValues ? record : null);
        counts.created += 1;
        outcomes.push({ row, outcome: 'create', values, ownerId });
      } else if (mode === 'skip') {
        counts.skipped += 1;
        outcomes.push({ row, outcome: 'skip', values, ownerId });
      } else if (pending) {
        // The row to be inserted takes the later row's values (when they were kept: see PlanState).
        const earlier = fresh.get(email!);
        try {
          const custom = changedCustomValues(customFields.list, earlier?.customFields ?? {}, values.customFields);
          if (earlier) Object.assign(earlier, { ...fields, customFields: { ...earlier.customFields, ...custom } });
        } catch (error) {
          refuse(row, error);
          continue;
        }
        counts.updated += 1;
        outcomes.push({ row, outcome: 'update', values, ownerId });
      } else if (!can(viewer, 'contact', 'update', current!)) {
        rejections.push({
          rowNumber: row.rowNumber,
          reason: `email: contact #${current!.id} belongs to someone else`,
          cells: row.cells,
        });
      } else {
        const earlier = updates.get(current!.id)?.changes;
        const base = earlier?.customFields ?? current!.customFields ?? {};
        try {
          const custom = changedCustomValues(customFields.list, base, values.customFields);
          const { customFields: _sent, ...rest } = fields;
          fields = Object.keys(custom).length ? { ...rest, customFields: { ...base, ...custom } } : rest;
        } catch (error) {
          refuse(row, error);
          continue;
        }
        const changes = changedFields({ ...current, ...earlier }, fields);
        if (Object.keys(changes).length === 0) {
          counts.skipped += 1;
          outcomes.push({ row, outcome: 'skip', values, ownerId });
        } else {
          updates.set(current!.id, { current: current!, changes: { ...earlier, ...changes } });
          counts.updated += 1;
          outcomes.push({ row, outcome: 'update', values, ownerId });
        }
      }
    }
    rejections.sort((a, b) => a.rowNumber - b.rowNumber);
    counts.rejected = rejections.length;
    return { counts, rejections, toInsert, updates, outcomes };
  }
}

interface PlanState {
  /** The new rows' emails, with their values for the first `keepValues` of them (null past those). */
  fresh: Map<string, NewImported | null>;
  /**
   * A batch written keeps them all (a later duplicate's values go into the contact to insert); the dry run keeps
   * those of its sample only, as it reads the whole file and would otherwise hold every new row of it.
   */
  keepValues: number;
  valuesKept: number;
  updates: Map<number, { current: ExistingContact; changes: Partial<ImportedFields> }>;
}

/**
 * A copy of `text` that keeps nothing else alive: V8 keeps the whole string a cell was cut from (a megabyte of the
 * file) for as long as the cell lives, and the dry run holds every new row's email to its end.
 */
const detached = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

function newPlanState(keepValues = Infinity): PlanState {
  return { fresh: new Map(), keepValues, valuesKept: 0, updates: new Map() };
}

function pick(contact: ExistingContact, fields: string[]): Partial<ImportedFields> {
  const values: Record<string, unknown> = {};
  for (const field of fields) values[field] = contact[field as keyof ExistingContact] ?? null;
  return values as Partial<ImportedFields>;
}

/** What undoing an import's change shows: the fields it puts back, a company by its name. */
const UNDONE_FIELDS = [
  ...IMPORT_CONTACT_FIELDS.filter((field) => field !== 'companyId'),
  'company',
  'customFields',
] as const satisfies readonly (keyof RestoredContact)[];
