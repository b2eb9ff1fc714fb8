import { inject, injectable } from 'inversify';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import { can, type Viewer } from '../crm/crm-access';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import { AppError, ValidationError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/job-queue.port';
import { CLOCK, JOB_QUEUE, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { ContactImport, ImportCounts, ImportMapping, ImportMode, ImportRow, ImportedValues, Rejection } from './contact-import';
import type { ContactImportRepository, ExistingContact, ImportFile } from './contact-imports.ports';
import { CONTACT_IMPORT_REPOSITORY, IMPORT_FILE } from './contact-imports.tokens';
import { changedFields, readRow } from './import-row';

/** Rows written per transaction. */
export const IMPORT_BATCH_SIZE = 500;

@injectable()
export class ContactImportsService {
  constructor(
    @inject(CONTACT_IMPORT_REPOSITORY) private readonly imports: ContactImportRepository,
    @inject(IMPORT_FILE) private readonly file: ImportFile,
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Checks the mapping against the file's header, stores the file and queues the import. */
  async start(viewer: Viewer, input: { fileName: string | null; content: Buffer; mapping: ImportMapping; mode: ImportMode }): Promise<ContactImport> {
    const columns = await this.file.columns(input.content);
    const missing = Object.keys(input.mapping).filter((column) => !columns.includes(column));
    if (missing.length) {
      throw new ValidationError(missing.map((column) => ({ path: `mapping.${column}`, message: `The file has no column "${column}"`, type: 'import.column' })));
    }
    if (!Object.values(input.mapping).includes('name')) {
      throw new ValidationError([{ path: 'mapping', message: 'A column must be mapped to name', type: 'import.name' }]);
    }
    const created = await this.imports.create({ ...input, createdBy: viewer.id, createdByRole: viewer.role });
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
    if (!found || (viewer.role !== 'admin' && found.createdBy !== viewer.id)) throw new AppError('IMPORT.NOT_FOUND', 'Import not found');
    return found;
  }

  async rejections(viewer: Viewer, id: number): Promise<Rejection[]> {
    await this.get(viewer, id);
    return this.imports.rejections(id);
  }

  /** The job: resumes after the last committed batch, so running it again never writes a row twice. */
  async run(id: number): Promise<void> {
    const found = await this.imports.find(id);
    if (!found || found.status === 'completed' || found.status === 'failed') return;
    const content = await this.imports.content(id);
    await this.imports.markRunning(id, found.totalRows ?? (await this.file.countRows(content)));
    let batch: ImportRow[] = [];
    for await (const row of this.file.rows(content)) {
      if (row.rowNumber <= found.rowsDone) continue;
      batch.push(row);
      if (batch.length === IMPORT_BATCH_SIZE) {
        await this.writeBatch(found, batch);
        batch = [];
        // Lets requests in: the embedded database runs on this thread and would otherwise be held to the end.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
    if (batch.length) await this.writeBatch(found, batch);
    await this.imports.finish(id, 'completed', this.clock.now());
  }

  /** After the last attempt: the import shows as failed with the reason. */
  async fail(id: number, error: Error): Promise<void> {
    await this.imports.finish(id, 'failed', this.clock.now(), error.message.slice(0, 500));
  }

  /** One transaction: the batch's contacts and timeline entries (through the contacts' write path), its counts and progress. */
  private writeBatch(job: ContactImport, rows: ImportRow[]): Promise<void> {
    const viewer: Viewer = { id: job.createdBy ?? 0, role: job.createdByRole };
    return this.uow.run(async () => {
      const counts: ImportCounts = { created: 0, updated: 0, skipped: 0, rejected: 0 };
      const rejections: Rejection[] = [];
      const valid: { row: ImportRow; values: ImportedValues }[] = [];
      for (const row of rows) {
        const read = readRow(row, job.mapping);
        if ('reason' in read) rejections.push({ rowNumber: row.rowNumber, reason: read.reason, cells: row.cells });
        else valid.push({ row, values: read.values });
      }
      const emails = [...new Set(valid.map((v) => v.values.email?.toLowerCase()).filter((e): e is string => Boolean(e)))];
      const existing = await this.imports.findByEmails(emails);
      // Rows of this batch not yet in the database, by email: a later row with the same email is a duplicate of it.
      const fresh = new Map<string, ImportedValues>();
      const toInsert: ImportedValues[] = [];
      const updates = new Map<number, { current: ExistingContact; changes: Partial<ImportedValues> }>();
      for (const { row, values } of valid) {
        const email = values.email?.toLowerCase();
        const pending = email ? fresh.get(email) : undefined;
        const current: ExistingContact | undefined = email ? existing.get(email) : undefined;
        if (!pending && !current) {
          toInsert.push(values);
          if (email) fresh.set(email, values);
          counts.created += 1;
        } else if (job.mode === 'skip') {
          counts.skipped += 1;
        } else if (pending) {
          Object.assign(pending, values);
          counts.updated += 1;
        } else if (!can(viewer, 'contact', 'update', current!)) {
          rejections.push({ rowNumber: row.rowNumber, reason: `email: contact #${current!.id} belongs to someone else`, cells: row.cells });
        } else {
          const earlier = updates.get(current!.id)?.changes;
          const changes = changedFields({ ...current, ...earlier }, values);
          if (Object.keys(changes).length === 0) counts.skipped += 1;
          else {
            updates.set(current!.id, { current: current!, changes: { ...earlier, ...changes } });
            counts.updated += 1;
          }
        }
      }
      counts.rejected = rejections.length;
      await this.contacts.importBatch(viewer, job.id, toInsert, [...updates.values()]);
      await this.imports.recordBatch(job.id, rows[rows.length - 1].rowNumber, counts, rejections);
    });
  }
}
