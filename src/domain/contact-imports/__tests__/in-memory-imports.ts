import type { InMemoryContactRepository } from '../../contacts/__tests__/in-memory-contact.repository';
import type { RollsBack } from '../../shared/__tests__/in-memory-unit-of-work';
import type { EnqueueOptions, JobName, JobPayloads, JobQueue } from '../../shared/job-queue.port';
import type { InMemoryTimelineRepository } from '../../timeline/__tests__/in-memory-timeline.repository';
import {
  IMPORT_STORED_FIELDS,
  type CompanyRef,
  type ContactImport,
  type FileEncoding,
  type ImportCounts,
  type ImportRow,
  type ImportUser,
  type ImportedFields,
  type ImportedUpdate,
  type Rejection,
} from '../contact-import';
import type {
  ContactImportRepository,
  ExistingContact,
  ImportFile,
  ImportSource,
  NewContactImport,
  RestoredContact,
} from '../contact-imports.ports';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Imports, their files, done rows, rejections and saved values in maps, over in-memory contacts and timeline. */
export class InMemoryContactImportRepository implements ContactImportRepository, RollsBack {
  imports = new Map<number, ContactImport>();
  private files = new Map<number, Uint8Array[]>();
  private done = new Map<number, [number, number][]>();
  private rejected = new Map<number, Rejection[]>();
  private saved = new Map<number, Map<number, Partial<ImportedFields>>>();
  /** The companies imports found or made (the companies table's id, name and CNPJ). */
  companies: { id: number; name: string; cnpj: string | null; importId?: number }[] = [];
  private nextId = 1;

  constructor(
    private readonly contacts: InMemoryContactRepository,
    private readonly timeline: InMemoryTimelineRepository,
    readonly users: ImportUser[],
  ) {}

  snapshot(): () => void {
    const imports = new Map([...this.imports].map(([id, found]) => [id, { ...found, counts: { ...found.counts } }]));
    const done = new Map([...this.done].map(([id, ranges]) => [id, [...ranges]]));
    const rejected = new Map([...this.rejected].map(([id, rows]) => [id, [...rows]]));
    const saved = new Map([...this.saved].map(([id, values]) => [id, new Map(values)]));
    return () => {
      this.imports = imports;
      this.done = done;
      this.rejected = rejected;
      this.saved = saved;
    };
  }

  /** What the database's statement does is checked on both databases (contact-import-privacy.test.ts). */
  async recordPrivacy(): Promise<void> {}

  async create(values: NewContactImport): Promise<ContactImport> {
    const created: ContactImport = {
      ...values,
      id: this.nextId++,
      status: 'queued',
      totalRows: null,
      rowsDone: 0,
      counts: { created: 0, updated: 0, skipped: 0, rejected: 0 },
      error: null,
      createdAt: new Date(0),
      finishedAt: null,
      undoneAt: null,
      undoneBy: null,
    };
    this.imports.set(created.id, created);
    return { ...created };
  }

  async find(id: number): Promise<ContactImport | null> {
    const found = this.imports.get(id);
    return found ? { ...found, counts: { ...found.counts } } : null;
  }

  async activeUsers(): Promise<ImportUser[]> {
    return this.users;
  }

  async storeFile(id: number, bytes: AsyncIterable<Uint8Array>): Promise<void> {
    const slices: Uint8Array[] = [];
    for await (const slice of bytes) slices.push(slice);
    this.files.set(id, slices);
  }

  file(id: number): ImportSource {
    const files = this.files;
    return async function* () {
      yield* files.get(id) ?? [];
    };
  }

  async markRunning(id: number, totalRows: number): Promise<void> {
    this.change(id, { status: 'running', totalRows });
  }

  writers(): { count: number; release(): void } {
    return { count: 1, release: () => undefined };
  }

  async findByEmails(emails: string[]): Promise<Map<string, ExistingContact>> {
    const found = new Map<string, ExistingContact>();
    const oldestFirst = [...this.contacts.rows.values()].sort((a, b) => a.id - b.id);
    for (const contact of oldestFirst) {
      const email = contact.email?.toLowerCase();
      if (email && emails.includes(email) && !found.has(email)) found.set(email, { ...contact });
    }
    return found;
  }

  async companiesFor(
    refs: CompanyRef[],
    made?: { createdBy: number; importId: number },
  ): Promise<{ ids: (number | null)[]; created: { id: number; name: string }[] }> {
    const key = (name: string) => fold(name).replace(/\s+/g, ' ').trim();
    const created: { id: number; name: string }[] = [];
    const ids = refs.map((ref) => {
      const found =
        (ref.cnpj && this.companies.find((c) => c.cnpj === ref.cnpj)) ||
        (ref.name && this.companies.find((c) => key(c.name) === key(ref.name!)));
      if (found) return found.id;
      if (!made || !ref.name) return null;
      const company = { id: this.companies.length + 1, name: ref.name, cnpj: ref.cnpj, importId: made.importId };
      this.companies.push(company);
      created.push({ id: company.id, name: company.name });
      return company.id;
    });
    return { ids, created };
  }

  /** The import's companies no contact is at any more (the fake has no deals, notes or activities at companies). */
  async deleteCompaniesCreated(id: number): Promise<{ id: number; name: string }[]> {
    const used = new Set([...this.contacts.rows.values()].map((c) => c.companyId));
    const unused = this.companies.filter((c) => c.importId === id && !used.has(c.id));
    this.companies = this.companies.filter((c) => !unused.includes(c));
    return unused.map(({ id: companyId, name }) => ({ id: companyId, name }));
  }

  async doneRows(id: number): Promise<[number, number][]> {
    return [...(this.done.get(id) ?? [])].sort((a, b) => a[0] - b[0]);
  }

  async recordBatch(
    id: number,
    batch: { first: number; last: number; rows: number },
    counts: ImportCounts,
    rejections: Rejection[],
  ): Promise<void> {
    this.done.set(id, [...(this.done.get(id) ?? []), [batch.first, batch.last]]);
    this.rejected.set(id, [...(this.rejected.get(id) ?? []), ...rejections]);
    const found = this.imports.get(id)!;
    const total = { ...found.counts };
    for (const key of Object.keys(total) as (keyof ImportCounts)[]) total[key] += counts[key];
    this.change(id, { rowsDone: found.rowsDone + batch.rows, counts: total });
  }

  async finish(id: number, status: 'completed' | 'failed', at: Date, error?: string): Promise<void> {
    this.change(id, { status, finishedAt: at, error: error ?? null });
    this.files.delete(id);
  }

  async rejections(id: number): Promise<Rejection[]> {
    return [...(this.rejected.get(id) ?? [])].sort((a, b) => a.rowNumber - b.rowNumber);
  }

  async listByCreator(userId: number, limit: number): Promise<ContactImport[]> {
    return [...this.imports.values()]
      .filter((found) => found.createdBy === userId)
      .sort((a, b) => b.id - a.id)
      .slice(0, limit);
  }

  async recordUpdates(id: number, updates: ImportedUpdate[]): Promise<void> {
    const saved = this.saved.get(id) ?? new Map<number, Partial<ImportedFields>>();
    // A contact changed again keeps its first values, and gains those of fields changed only now.
    for (const { contactId, before } of updates) saved.set(contactId, { ...before, ...saved.get(contactId) });
    this.saved.set(id, saved);
  }

  async lock(id: number): Promise<ContactImport | null> {
    return this.find(id);
  }

  async deleteCreated(id: number): Promise<{ id: number; name: string }[]> {
    const created = this.timeline.entries
      .filter((e) => e.importId === id && e.entityType === 'contact' && e.action === 'created')
      .map((e) => e.entityId);
    const deleted: { id: number; name: string }[] = [];
    for (const contactId of created) {
      const contact = this.contacts.rows.get(contactId);
      if (!contact) continue;
      this.contacts.rows.delete(contactId);
      deleted.push({ id: contact.id, name: contact.name });
    }
    return deleted;
  }

  async restoreUpdated(id: number): Promise<{ before: RestoredContact; after: RestoredContact }[]> {
    const restored: { before: RestoredContact; after: RestoredContact }[] = [];
    const fields = (contact: RestoredContact) =>
      Object.fromEntries([
        ['id', contact.id],
        ['company', contact.company ?? null],
        ...IMPORT_STORED_FIELDS.map((f) => [f, contact[f]]),
      ]) as RestoredContact;
    for (const [contactId, before] of [...(this.saved.get(id) ?? [])].sort((a, b) => a[0] - b[0])) {
      const current = this.contacts.rows.get(contactId);
      if (!current) continue;
      const after = await this.contacts.update(contactId, before);
      restored.push({ before: fields(current), after: fields(after) });
    }
    return restored;
  }

  async markUndone(id: number, by: number, at: Date): Promise<void> {
    this.change(id, { status: 'undone', undoneBy: by, undoneAt: at });
  }

  private change(id: number, changes: Partial<ContactImport>): void {
    const found = this.imports.get(id);
    if (!found) throw new Error(`No import ${id}`);
    this.imports.set(id, { ...found, ...changes });
  }
}

/** A file of UTF-8 lines, cells separated by `;` and never quoted: enough for the rows a test writes. */
export class SemicolonLinesFile implements ImportFile {
  async describe(): Promise<{ encoding: FileEncoding; delimiter: string }> {
    return { encoding: 'utf-8', delimiter: ';' };
  }

  async columns(source: ImportSource): Promise<string[]> {
    const [header = ''] = await lines(source);
    return header ? header.split(';') : [];
  }

  async countRows(source: ImportSource): Promise<number> {
    return (await lines(source)).length - 1;
  }

  async *rows(source: ImportSource): AsyncIterable<ImportRow> {
    const [header, ...rest] = await lines(source);
    const columns = header.split(';');
    for (const [index, line] of rest.entries()) {
      const cells = line.split(';');
      yield { rowNumber: index + 1, cells: Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ''])) };
    }
  }

  async *rowChunks(source: ImportSource): AsyncIterable<ImportRow[]> {
    const chunk: ImportRow[] = [];
    for await (const row of this.rows(source)) chunk.push(row);
    yield chunk;
  }
}

/** The bytes of a file of these lines, as an upload's source. */
export function fileOf(...fileLines: string[]): ImportSource {
  const bytes = new TextEncoder().encode(fileLines.join('\n'));
  return async function* () {
    yield bytes;
  };
}

async function lines(source: ImportSource): Promise<string[]> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const slice of source()) text += decoder.decode(slice, { stream: true });
  text += decoder.decode();
  return text.split('\n').filter((line) => line.length > 0);
}

/** Jobs kept in a list, never run. */
export class RecordingJobQueue implements JobQueue {
  jobs: { name: JobName; payload: unknown; options?: EnqueueOptions }[] = [];

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void> {
    this.jobs.push({ name, payload, options });
  }

  async enqueueMany<N extends JobName>(
    name: N,
    jobs: { payload: JobPayloads[N]; options?: EnqueueOptions }[],
  ): Promise<void> {
    for (const job of jobs) this.jobs.push({ name, ...job });
  }
}
