import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type { ContactImport, ImportCounts, Rejection } from '../../domain/contact-imports/contact-import';
import type { ContactImportRepository, ExistingContact, NewContactImport } from '../../domain/contact-imports/contact-imports.ports';
import { IMPORT_FIELDS } from '../../domain/contact-imports/contact-import';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { ContactModel } from '../contacts/knex-contact.repository';

const ContactImportModel = tableModel('contactImports', { jsonAttributes: ['mapping'] });
// Cells as [column, value] pairs: jsonb would reorder an object's keys, and the CSV keeps the file's order.
const RejectionModel = tableModel('contactImportRejections', { idColumn: ['importId', 'rowNumber'], jsonAttributes: ['values'] });

const COLUMNS = [
  'id', 'createdBy', 'createdByRole', 'fileName', 'mapping', 'mode', 'status', 'totalRows', 'rowsDone',
  'createdCount', 'updatedCount', 'skippedCount', 'rejectedCount', 'error', 'createdAt', 'finishedAt',
];

/** Only the listed columns: an inserted model also keeps what it was given (the file). */
function toImport(row: BaseModel): ContactImport {
  const { createdCount, updatedCount, skippedCount, rejectedCount, ...rest } = Object.fromEntries(COLUMNS.map((c) => [c, row[c]]));
  return { ...(rest as unknown as ContactImport), counts: { created: createdCount, updated: updatedCount, skipped: skippedCount, rejected: rejectedCount } as ImportCounts };
}

@injectable()
export class KnexContactImportRepository implements ContactImportRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return ContactImportModel.query(this.uow.db);
  }

  async create(values: NewContactImport): Promise<ContactImport> {
    return toImport(await this.query().insert(values as object).returning(COLUMNS));
  }

  async find(id: number): Promise<ContactImport | null> {
    const row = await this.query().select(COLUMNS).findById(id);
    return row ? toImport(row) : null;
  }

  async content(id: number): Promise<Buffer> {
    const row = await this.query().select('content').findById(id);
    return (row?.content as Buffer | null) ?? Buffer.alloc(0);
  }

  async markRunning(id: number, totalRows: number): Promise<void> {
    await this.query().patch({ status: 'running', totalRows }).findById(id).whereIn('status', ['queued', 'running']);
  }

  async findByEmails(emails: string[]): Promise<Map<string, ExistingContact>> {
    if (!emails.length) return new Map();
    // Served by contacts_email_lower_index; the oldest contact wins when several share an email.
    const rows = await ContactModel.query(this.uow.db)
      .whereRaw('lower(??) = any(?::text[])', ['email', emails])
      .orderBy('id')
      .select('id', 'ownerId', 'createdBy', ...IMPORT_FIELDS);
    const found = new Map<string, ExistingContact>();
    for (const row of rows) {
      const key = (row.email as string).toLowerCase();
      if (!found.has(key)) found.set(key, plain<ExistingContact>(row));
    }
    return found;
  }

  async recordBatch(id: number, lastRow: number, counts: ImportCounts, rejections: Rejection[]): Promise<void> {
    await this.query()
      .patch({
        rowsDone: lastRow,
        createdCount: raw('created_count + ?', [counts.created]),
        updatedCount: raw('updated_count + ?', [counts.updated]),
        skippedCount: raw('skipped_count + ?', [counts.skipped]),
        rejectedCount: raw('rejected_count + ?', [counts.rejected]),
      })
      .findById(id);
    if (rejections.length) {
      await RejectionModel.query(this.uow.db)
        .insert(rejections.map((r) => ({ importId: id, rowNumber: r.rowNumber, reason: r.reason, values: Object.entries(r.cells) })))
        .onConflict(['importId', 'rowNumber'])
        .ignore();
    }
  }

  async finish(id: number, status: 'completed' | 'failed', at: Date, error?: string): Promise<void> {
    await this.query().patch({ status, finishedAt: at, error: error ?? null, content: null }).findById(id).whereIn('status', ['queued', 'running']);
  }

  async rejections(id: number): Promise<Rejection[]> {
    const rows = await RejectionModel.query(this.uow.db).where({ importId: id }).orderBy('rowNumber');
    return rows.map((r) => ({ rowNumber: r.rowNumber as number, reason: r.reason as string, cells: Object.fromEntries(r.values as [string, string][]) }));
  }
}
