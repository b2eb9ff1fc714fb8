import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import type {
  CompanyRef,
  ContactImport,
  ImportCounts,
  ImportUser,
  ImportedUpdate,
  Rejection,
} from '../../domain/contact-imports/contact-import';
import type {
  ContactImportRepository,
  ExistingContact,
  ImportSource,
  NewContactImport,
  RestoredContact,
} from '../../domain/contact-imports/contact-imports.ports';
import { IMPORT_STORED_FIELDS } from '../../domain/contact-imports/contact-import';
import { arrayBinding } from '../db/array-binding';
import { DATABASE, UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Database } from '../db/database';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { ContactModel } from '../contacts/knex-contact.repository';
import { contactsCreatedByImport } from '../timeline/knex-timeline.repository';

const ContactImportModel = tableModel('contactImports', { jsonAttributes: ['mapping', 'ownerIds', 'privacy'] });
// Cells as [column, value] pairs: jsonb would reorder an object's keys, and the CSV keeps the file's order.
const RejectionModel = tableModel('contactImportRejections', {
  idColumn: ['importId', 'rowNumber'],
  jsonAttributes: ['values'],
});
const UpdateModel = tableModel('contactImportUpdates', {
  idColumn: ['importId', 'contactId'],
  jsonAttributes: ['before'],
});

const COLUMNS = [
  'id',
  'createdBy',
  'createdByRole',
  'fileName',
  'mapping',
  'ownerId',
  'ownerIds',
  'privacy',
  'mode',
  'status',
  'totalRows',
  'rowsDone',
  'createdCount',
  'updatedCount',
  'skippedCount',
  'rejectedCount',
  'error',
  'createdAt',
  'finishedAt',
  'undoneAt',
  'undoneBy',
];

/** The file is kept in slices of this many bytes: one is what the upload or a reading pass holds at a time. */
const FILE_SLICE = 1024 * 1024;

/** Only the listed columns. */
function toImport(row: BaseModel): ContactImport {
  const { createdCount, updatedCount, skippedCount, rejectedCount, ...rest } = Object.fromEntries(
    COLUMNS.map((c) => [c, row[c]]),
  );
  return {
    ...plain<ContactImport>(rest),
    counts: {
      created: createdCount,
      updated: updatedCount,
      skipped: skippedCount,
      rejected: rejectedCount,
    } as ImportCounts,
  };
}

/** A refused row as jsonb takes it: jsonb holds no NUL, so one shows as U+FFFD (the row was refused for it). */
function storableCells(cells: Record<string, string>): [string, string][] {
  const clean = (text: string) => text.replaceAll('\u0000', '\uFFFD');
  return Object.entries(cells).map(([column, value]) => [clean(column), clean(value ?? '')]);
}

@injectable()
export class KnexContactImportRepository implements ContactImportRepository {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork,
    @inject(DATABASE) private readonly database: Database,
  ) {}

  private query() {
    return ContactImportModel.query(this.uow.db);
  }

  async create(values: NewContactImport): Promise<ContactImport> {
    return toImport(
      await this.query()
        .insert(values as object)
        .returning(COLUMNS),
    );
  }

  async recordPrivacy(job: ContactImport, recordedBy: number | null): Promise<void> {
    const { privacy } = job;
    if (!privacy) return;
    const db = this.uow.db;
    // The import's contacts: those its timeline entries name (created or updated by it), still there.
    const contacts = `SELECT DISTINCT t.entity_id FROM crm_timeline t JOIN contacts c ON c.id = t.entity_id
                       WHERE t.import_id = :importId AND t.entity_type = 'contact'`;
    const note = `Importação nº ${job.id}${job.fileName ? ` (${job.fileName})` : ''}`;
    if (privacy.legalBasis)
      await db.raw(
        `INSERT INTO contact_legal_bases (contact_id, basis, source, note, recorded_by)
         SELECT entity_id, :basis, 'import', :note, :recordedBy FROM (${contacts}) AS imported
          WHERE NOT EXISTS (SELECT 1 FROM contact_legal_bases b
                             WHERE b.contact_id = imported.entity_id AND b.source = 'import' AND b.note = :note)`,
        { importId: job.id, basis: privacy.legalBasis, note, recordedBy },
      );
    for (const channel of privacy.consentChannels)
      await db.raw(
        `INSERT INTO contact_consents (contact_id, channel, granted, text, source, recorded_by, created_at)
         SELECT entity_id, :channel, true, :text, 'import', :recordedBy, :at FROM (${contacts}) AS imported
          WHERE NOT EXISTS (SELECT 1 FROM contact_consents k
                             WHERE k.contact_id = imported.entity_id AND k.channel = :channel AND k.source = 'import'
                               AND k.created_at = :at)`,
        // Every consent of one import bears the import's time: what makes a second run find them.
        { importId: job.id, channel, text: privacy.consentText, recordedBy, at: job.createdAt },
      );
  }

  async find(id: number): Promise<ContactImport | null> {
    const row = await this.query().select(COLUMNS).findById(id);
    return row ? toImport(row) : null;
  }

  async activeUsers(): Promise<ImportUser[]> {
    return this.uow.db('users').whereNull('disabledAt').orderBy('id').select('id', 'username', 'name');
  }

  async storeFile(id: number, bytes: AsyncIterable<Uint8Array>): Promise<void> {
    let seq = 0;
    let parts: Uint8Array[] = [];
    let held = 0;
    const store = async () => {
      await this.uow
        .db('contactImportFileSlices')
        .insert({ importId: id, seq: seq++, bytes: Buffer.concat(parts, held) });
      parts = [];
      held = 0;
    };
    for await (const part of bytes) {
      parts.push(part);
      held += part.length;
      if (held >= FILE_SLICE) await store();
    }
    if (held) await store();
  }

  file(id: number): ImportSource {
    const db = () => this.uow.db;
    return async function* slices() {
      // One slice per statement, in order: the pass holds one at a time.
      for (let seq = 0; ; seq++) {
        const row = await db()('contactImportFileSlices').where({ importId: id, seq }).first('bytes');
        if (!row) return;
        yield row.bytes as Uint8Array;
      }
    };
  }

  async markRunning(id: number, totalRows: number): Promise<void> {
    await this.query().patch({ status: 'running', totalRows }).findById(id).whereIn('status', ['queued', 'running']);
  }

  /** Imports of this process writing with a second connection: at most one, so imports take at most three of the background pool's four. */
  private secondWriters = 0;

  writers(): { count: number; release(): void } {
    // PGlite has one connection.
    if (this.database.embedded || this.secondWriters >= 1) return { count: 1, release: () => {} };
    this.secondWriters += 1;
    let released = false;
    return {
      count: 2,
      release: () => {
        if (!released) this.secondWriters -= 1;
        released = true;
      },
    };
  }

  async findByEmails(emails: string[]): Promise<Map<string, ExistingContact>> {
    if (!emails.length) return new Map();
    // Served by contacts_email_lower_index; the oldest contact wins when several share an email.
    const rows = await ContactModel.query(this.uow.db)
      .whereRaw('lower(??) = any(?::text[])', ['email', emails])
      .orderBy('id')
      .select('id', 'ownerId', 'createdBy', 'company', ...IMPORT_STORED_FIELDS);
    const found = new Map<string, ExistingContact>();
    for (const row of rows) {
      const key = (row.email as string).toLowerCase();
      if (!found.has(key)) found.set(key, plain<ExistingContact>(row));
    }
    return found;
  }

  /**
   * One lookup for all the references (companies_cnpj_unique, companies_name_key_index); creating, one insert for
   * the companies missing, under a transaction-scoped advisory lock so two batches never make the same company.
   */
  async companiesFor(
    refs: CompanyRef[],
    made?: { createdBy: number; importId: number },
  ): Promise<{ ids: (number | null)[]; created: { id: number; name: string }[] }> {
    // A file names a few companies on many rows: each distinct reference is looked up (and made) once.
    const distinct = new Map<string, number>();
    const unique: CompanyRef[] = [];
    const places = refs.map((ref) => {
      const key = `${ref.name ?? ''}\u0000${ref.cnpj ?? ''}`;
      let place = distinct.get(key);
      if (place === undefined) distinct.set(key, (place = unique.push(ref) - 1));
      return place;
    });
    const { ids, created } = await this.distinctCompaniesFor(unique, made);
    return { ids: places.map((place) => ids[place]), created };
  }

  private async distinctCompaniesFor(
    refs: CompanyRef[],
    made?: { createdBy: number; importId: number },
  ): Promise<{ ids: (number | null)[]; created: { id: number; name: string }[] }> {
    const { db } = this.uow;
    if (made) await db.raw("SELECT pg_advisory_xact_lock(hashtext('funil.import-companies'))");
    const { rows } = (await db.raw(
      `SELECT r.key,
              coalesce((SELECT c.id FROM companies c WHERE c.cnpj = r.cnpj),
                       (SELECT c.id FROM companies c WHERE funil_name_key(c.name) = r.key ORDER BY c.id LIMIT 1)) AS id
       FROM unnest(?::text[], ?::text[]) WITH ORDINALITY AS r0(name, cnpj, ord)
       CROSS JOIN LATERAL (SELECT r0.cnpj, funil_name_key(r0.name) AS key) AS r
       ORDER BY r0.ord`,
      [arrayBinding(refs.map((ref) => ref.name)), arrayBinding(refs.map((ref) => ref.cnpj))],
    )) as { rows: { key: string | null; id: number | null }[] };
    const ids = rows.map((row) => row.id);
    if (!made) return { ids, created: [] };
    // One new company per name (and per CNPJ): the first reference that names it gives its CNPJ.
    const byKey = new Map<string, number>();
    const byCnpj = new Map<string, number>();
    const missing: { index: number; name: string; cnpj: string | null }[] = [];
    refs.forEach((ref, index) => {
      const key = rows[index].key;
      if (ids[index] !== null || !ref.name || !key) return;
      const same = (ref.cnpj ? byCnpj.get(ref.cnpj) : undefined) ?? byKey.get(key);
      if (same !== undefined) return void (ids[index] = -1 - same);
      const cnpj = ref.cnpj && !byCnpj.has(ref.cnpj) ? ref.cnpj : null;
      byKey.set(key, missing.length);
      if (cnpj) byCnpj.set(cnpj, missing.length);
      missing.push({ index, name: ref.name, cnpj });
    });
    if (!missing.length) return { ids, created: [] };
    const { createdBy, importId } = made;
    const created: { id: number; name: string }[] = await db('companies')
      .insert(missing.map(({ name, cnpj }) => ({ name, cnpj, ownerId: createdBy, createdBy, importId })))
      .returning(['id', 'name']);
    missing.forEach(({ index }, n) => (ids[index] = created[n].id));
    // The references to a company made for an earlier one (held as -1 - its place in `missing`).
    return { ids: ids.map((id) => (id !== null && id < 0 ? created[-1 - id].id : id)), created };
  }

  async doneRows(id: number): Promise<[number, number][]> {
    const row = await this.query().select('doneRows').findById(id);
    // int4multirange's canonical text: {[1,5001),[10001,15001)}, ranges merged and in order.
    return [...String(row?.doneRows ?? '{}').matchAll(/\[(\d+),(\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2]) - 1]);
  }

  async recordBatch(
    id: number,
    batch: { first: number; last: number; rows: number },
    counts: ImportCounts,
    rejections: Rejection[],
  ): Promise<void> {
    await this.query()
      .patch({
        rowsDone: raw('rows_done + ?', [batch.rows]),
        doneRows: raw("done_rows + int4multirange(int4range(?::int, ?::int, '[]'))", [batch.first, batch.last]),
        createdCount: raw('created_count + ?', [counts.created]),
        updatedCount: raw('updated_count + ?', [counts.updated]),
        skippedCount: raw('skipped_count + ?', [counts.skipped]),
        rejectedCount: raw('rejected_count + ?', [counts.rejected]),
      })
      .findById(id);
    if (rejections.length) {
      await RejectionModel.query(this.uow.db)
        .insert(
          rejections.map((r) => ({
            importId: id,
            rowNumber: r.rowNumber,
            reason: r.reason,
            values: storableCells(r.cells),
          })),
        )
        .onConflict(['importId', 'rowNumber'])
        .ignore();
    }
  }

  async finish(id: number, status: 'completed' | 'failed', at: Date, error?: string): Promise<void> {
    await this.query()
      .patch({ status, finishedAt: at, error: error ?? null })
      .findById(id)
      .whereIn('status', ['queued', 'running']);
    await this.uow.db('contactImportFileSlices').where({ importId: id }).delete();
  }

  async rejections(id: number): Promise<Rejection[]> {
    const rows = await RejectionModel.query(this.uow.db).where({ importId: id }).orderBy('rowNumber');
    return rows.map((r) => ({
      rowNumber: r.rowNumber as number,
      reason: r.reason as string,
      cells: Object.fromEntries(r.values as [string, string][]),
    }));
  }

  async listByCreator(userId: number, limit: number): Promise<ContactImport[]> {
    // Served by contact_imports_created_by_index.
    const rows = await this.query().select(COLUMNS).where({ createdBy: userId }).orderBy('id', 'desc').limit(limit);
    return rows.map(toImport);
  }

  async recordUpdates(id: number, updates: ImportedUpdate[]): Promise<void> {
    if (!updates.length) return;
    // A contact changed again by a later batch keeps its first values, and gains those of fields changed only now.
    await UpdateModel.query(this.uow.db)
      .insert(updates.map((u) => ({ importId: id, contactId: u.contactId, before: u.before })))
      .onConflict(['importId', 'contactId'])
      .merge({ before: raw('excluded.before || contact_import_updates.before') });
  }

  async lock(id: number): Promise<ContactImport | null> {
    const row = await this.query().select(COLUMNS).findById(id).forUpdate();
    return row ? toImport(row) : null;
  }

  async deleteCreated(id: number): Promise<{ id: number; name: string }[]> {
    const created = contactsCreatedByImport(this.uow.db, id);
    const rows = await ContactModel.query(this.uow.db).delete().whereIn('id', created).returning(['id', 'name']);
    return rows.map((r) => ({ id: r.id as number, name: r.name as string }));
  }

  async deleteCompaniesCreated(id: number): Promise<{ id: number; name: string }[]> {
    const { rows } = (await this.uow.db.raw(
      `DELETE FROM companies c
        WHERE c.import_id = ? AND c.updated_at = c.created_at
          AND NOT EXISTS (SELECT 1 FROM contacts p WHERE p.company_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM deals d WHERE d.company_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM crm_notes n WHERE n.company_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM activities a WHERE a.company_id = c.id)
        RETURNING c.id, c.name`,
      [id],
    )) as { rows: { id: number; name: string }[] };
    return rows;
  }

  async restoreUpdated(id: number): Promise<{ before: RestoredContact; after: RestoredContact }[]> {
    const saved = await UpdateModel.query(this.uow.db).where({ importId: id }).orderBy('contactId');
    const restored: { before: RestoredContact; after: RestoredContact }[] = [];
    for (const { contactId, before } of saved) {
      const current = await ContactModel.query(this.uow.db)
        .findById(contactId as number)
        .select('id', 'company', ...IMPORT_STORED_FIELDS)
        .forUpdate();
      if (!current) continue;
      const after = await ContactModel.query(this.uow.db)
        .patch(before as object)
        .findById(contactId as number)
        .returning(['id', 'company', ...IMPORT_STORED_FIELDS]);
      if (!after) continue;
      restored.push({
        before: plain<RestoredContact>(current),
        after: plain<RestoredContact>(after),
      });
    }
    return restored;
  }

  async markUndone(id: number, by: number, at: Date): Promise<void> {
    await this.query().patch({ status: 'undone', undoneAt: at, undoneBy: by }).findById(id);
  }
}
