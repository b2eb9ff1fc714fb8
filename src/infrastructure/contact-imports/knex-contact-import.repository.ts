import { inject, injectable } from 'inversify';
import type { ContactImport, ImportCounts, ImportedValues, Rejection } from '../../domain/contact-imports/contact-import';
import type { ContactImportRepository, ExistingContact, NewContactImport } from '../../domain/contact-imports/contact-imports.ports';
import { IMPORT_FIELDS } from '../../domain/contact-imports/contact-import';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const COLUMNS = [
  'id', 'createdBy', 'createdByRole', 'fileName', 'mapping', 'mode', 'status', 'totalRows', 'rowsDone',
  'createdCount', 'updatedCount', 'skippedCount', 'rejectedCount', 'error', 'createdAt', 'finishedAt',
];

function toImport(row: Record<string, any>): ContactImport {
  return {
    id: row.id,
    createdBy: row.createdBy,
    createdByRole: row.createdByRole,
    fileName: row.fileName,
    mapping: row.mapping,
    mode: row.mode,
    status: row.status,
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    counts: { created: row.createdCount, updated: row.updatedCount, skipped: row.skippedCount, rejected: row.rejectedCount },
    error: row.error,
    createdAt: new Date(row.createdAt),
    finishedAt: row.finishedAt ? new Date(row.finishedAt) : null,
  };
}

@injectable()
export class KnexContactImportRepository implements ContactImportRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async create(values: NewContactImport): Promise<ContactImport> {
    const [row] = await this.uow
      .db('contactImports')
      .insert({ ...values, mapping: JSON.stringify(values.mapping) })
      .returning(COLUMNS);
    return toImport(row);
  }

  async find(id: number): Promise<ContactImport | null> {
    const row = await this.uow.db('contactImports').where({ id }).first(COLUMNS);
    return row ? toImport(row) : null;
  }

  async markRunning(id: number, totalRows: number): Promise<void> {
    await this.uow.db('contactImports').where({ id }).whereIn('status', ['queued', 'running']).update({ status: 'running', totalRows });
  }

  async findByEmails(emails: string[]): Promise<Map<string, ExistingContact>> {
    if (!emails.length) return new Map();
    // Served by contacts_email_lower_index; the oldest contact wins when several share an email.
    const rows = await this.uow
      .db('contacts')
      .whereRaw('lower(??) = any(?::text[])', ['email', emails])
      .orderBy('id')
      .select('id', 'ownerId', 'createdBy', ...IMPORT_FIELDS);
    const found = new Map<string, ExistingContact>();
    for (const row of rows) {
      const key = (row.email as string).toLowerCase();
      if (!found.has(key)) found.set(key, row);
    }
    return found;
  }

  async insertContacts(rows: ImportedValues[], createdBy: number | null): Promise<void> {
    if (!rows.length) return;
    await this.uow.db('contacts').insert(rows.map((values) => ({ ...values, ownerId: createdBy, createdBy })));
  }

  async updateContact(id: number, changes: Partial<ImportedValues>): Promise<void> {
    const { db } = this.uow;
    await db('contacts')
      .where({ id })
      .update({ ...changes, updatedAt: db.raw(`greatest(clock_timestamp(), updated_at + interval '1 millisecond')`) });
  }

  async recordBatch(id: number, lastRow: number, counts: ImportCounts, rejections: Rejection[]): Promise<void> {
    const { db } = this.uow;
    await db('contactImports')
      .where({ id })
      .update({
        rowsDone: lastRow,
        createdCount: db.raw('created_count + ?', [counts.created]),
        updatedCount: db.raw('updated_count + ?', [counts.updated]),
        skippedCount: db.raw('skipped_count + ?', [counts.skipped]),
        rejectedCount: db.raw('rejected_count + ?', [counts.rejected]),
      });
    if (rejections.length) {
      // Cells as [column, value] pairs: jsonb would reorder an object's keys, and the CSV keeps the file's order.
      await db('contactImportRejections')
        .insert(rejections.map((r) => ({ importId: id, rowNumber: r.rowNumber, reason: r.reason, values: JSON.stringify(Object.entries(r.cells)) })))
        .onConflict(['importId', 'rowNumber'])
        .ignore();
    }
  }

  async finish(id: number, status: 'completed' | 'failed', at: Date, error?: string): Promise<void> {
    await this.uow
      .db('contactImports')
      .where({ id })
      .whereIn('status', ['queued', 'running'])
      .update({ status, finishedAt: at, error: error ?? null, content: null });
  }

  async rejections(id: number): Promise<Rejection[]> {
    const rows = await this.uow.db('contactImportRejections').where({ importId: id }).orderBy('rowNumber');
    return rows.map((r: Record<string, any>) => ({ rowNumber: r.rowNumber, reason: r.reason, cells: Object.fromEntries(r.values) }));
  }
}
