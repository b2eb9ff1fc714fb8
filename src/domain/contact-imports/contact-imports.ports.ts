import type { Contact } from '../contacts/contact';
import type {
  CompanyRef,
  ContactImport,
  FileEncoding,
  ImportCounts,
  ImportMapping,
  ImportMode,
  ImportPrivacy,
  ImportRow,
  ImportUser,
  ImportedFields,
  ImportedUpdate,
  Rejection,
} from './contact-import';
import type { Role } from '../users/user';

export interface NewContactImport {
  createdBy: number;
  createdByRole: Role;
  fileName: string | null;
  mapping: ImportMapping;
  mode: ImportMode;
  ownerId: number | null;
  ownerIds: number[] | null;
  privacy: ImportPrivacy | null;
}

/**
 * A contact found by email, with what the 'own' rule and the change check need, and its company's name (what its
 * timeline entry shows for a change of company).
 */
export type ExistingContact = Pick<Contact, 'id' | 'ownerId' | 'createdBy'> &
  Partial<ImportedFields> &
  Partial<Pick<Contact, 'company'>>;

export interface ContactImportRepository {
  create(values: NewContactImport): Promise<ContactImport>;
  /**
   * The import's legal basis and consents, recorded for every contact it created or updated that has none from it yet
   * (so a finish run again records nothing twice).
   */
  recordPrivacy(job: ContactImport, recordedBy: number | null): Promise<void>;
  find(id: number): Promise<ContactImport | null>;
  /** The users an import may give contacts to (not disabled). */
  activeUsers(): Promise<ImportUser[]>;
  /** Keeps the uploaded file with the import, a slice at a time (in the unit of work that creates the import). */
  storeFile(id: number, bytes: AsyncIterable<Uint8Array>): Promise<void>;
  /** The uploaded file, a slice at a time; empty once the import ended. */
  file(id: number): ImportSource;
  markRunning(id: number, totalRows: number): Promise<void>;
  /**
   * How many batches a job may write at once, each on its own connection (1 on the embedded database, and while
   * another import holds the second writer: the jobs' pool is shared with reminders and reports); `release` when done.
   */
  writers(): { count: number; release(): void };
  /** By lower-cased email; the oldest contact when several share one. */
  findByEmails(emails: string[]): Promise<Map<string, ExistingContact>>;
  /**
   * The company of each reference, in order (`ids`): the one with its CNPJ (normalized), else the oldest whose name
   * is the same up to case, accents and spacing, else, when `made` is given, a new one owned by its `createdBy` and
   * marked as the import's (one per name and per CNPJ however many references name it; listed in `created`), else
   * null. Creating, concurrent callers take turns (they would make the same company twice); what it made stays made.
   */
  companiesFor(
    refs: CompanyRef[],
    made?: { createdBy: number; importId: number },
  ): Promise<{ ids: (number | null)[]; created: { id: number; name: string }[] }>;
  /**
   * Deletes the companies the import made that nothing uses (no contact, deal, note or activity) and nobody changed
   * since (their `updatedAt` still their `createdAt`); answers those deleted, with their names.
   */
  deleteCompaniesCreated(id: number): Promise<{ id: number; name: string }[]>;
  /** The file's rows written so far, as ranges of row numbers [first, last], in order. */
  doneRows(id: number): Promise<[number, number][]>;
  /** Records a committed batch: its rows (numbers `first` to `last`, `rows` of them) as done, its counts and rejections. */
  recordBatch(
    id: number,
    batch: { first: number; last: number; rows: number },
    counts: ImportCounts,
    rejections: Rejection[],
  ): Promise<void>;
  /** Ends the import and drops its file. */
  finish(id: number, status: 'completed' | 'failed', at: Date, error?: string): Promise<void>;
  rejections(id: number): Promise<Rejection[]>;
  /** The importer's latest imports, newest first. */
  listByCreator(userId: number, limit: number): Promise<ContactImport[]>;
  /** Keeps the values an import is about to change, the first ones kept when a contact changes twice. */
  recordUpdates(id: number, updates: ImportedUpdate[]): Promise<void>;
  /** Locks the import row until the unit of work ends. */
  lock(id: number): Promise<ContactImport | null>;
  /** Deletes the contacts the import created; answers those deleted, with their names. */
  deleteCreated(id: number): Promise<{ id: number; name: string }[]>;
  /** Puts back the fields the import changed; answers each contact as it was just before and just after. */
  restoreUpdated(id: number): Promise<{ before: RestoredContact; after: RestoredContact }[]>;
  markUndone(id: number, by: number, at: Date): Promise<void>;
}

/** With its company's name, which the timeline shows for a change of company. */
export type RestoredContact = Pick<Contact, 'id' | 'name' | 'company'> & Partial<ImportedFields>;

/** A file's bytes, a slice at a time, from the start each time it is called: a file is read in several passes, never held whole. */
export type ImportSource = () => AsyncIterable<Uint8Array>;

/** The uploaded file, read as a stream of rows. */
export interface ImportFile {
  /** How the file is read: its text encoding and the separator of its cells. */
  describe(source: ImportSource): Promise<{ encoding: FileEncoding; delimiter: string }>;
  /** The header row. */
  columns(source: ImportSource): Promise<string[]>;
  countRows(source: ImportSource): Promise<number>;
  rows(source: ImportSource): AsyncIterable<ImportRow>;
  /** The same rows, a chunk at a time. */
  rowChunks(source: ImportSource): AsyncIterable<ImportRow[]>;
}
