import type { Contact } from '../contacts/contact';
import type { ContactImport, ImportCounts, ImportMapping, ImportMode, ImportRow, ImportedValues, Rejection } from './contact-import';
import type { Role } from '../users/user';

export interface NewContactImport {
  createdBy: number;
  createdByRole: Role;
  fileName: string | null;
  content: Buffer;
  mapping: ImportMapping;
  mode: ImportMode;
}

/** A contact found by email, with what the 'own' rule and the change check need. */
export type ExistingContact = Pick<Contact, 'id' | 'ownerId' | 'createdBy'> & Partial<ImportedValues>;

export interface ContactImportRepository {
  create(values: NewContactImport): Promise<ContactImport>;
  find(id: number): Promise<ContactImport | null>;
  /** The uploaded file; empty once the import ended. */
  content(id: number): Promise<Buffer>;
  markRunning(id: number, totalRows: number): Promise<void>;
  /** By lower-cased email; the oldest contact when several share one. */
  findByEmails(emails: string[]): Promise<Map<string, ExistingContact>>;
  /** Advances the progress to `lastRow` and adds the batch's counts and rejections. */
  recordBatch(id: number, lastRow: number, counts: ImportCounts, rejections: Rejection[]): Promise<void>;
  /** Ends the import and drops its file. */
  finish(id: number, status: 'completed' | 'failed', at: Date, error?: string): Promise<void>;
  rejections(id: number): Promise<Rejection[]>;
}

/** The uploaded file, read as a stream of rows. */
export interface ImportFile {
  /** The header row. */
  columns(content: Buffer): Promise<string[]>;
  countRows(content: Buffer): Promise<number>;
  rows(content: Buffer): AsyncIterable<ImportRow>;
}
