import type { ContactFields } from '../contacts/contact';
import type { Role } from '../users/user';

/** Contact fields a CSV column can fill. */
export const IMPORT_FIELDS = ['name', 'email', 'phone', 'company', 'position', 'source', 'status', 'score', 'tags', 'notes'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** skip: a row whose email is already a contact's is left alone; update: that contact takes the row's values. */
export const IMPORT_MODES = ['skip', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed';

/** CSV column header -> contact field. */
export type ImportMapping = Record<string, ImportField>;

export interface ImportCounts {
  created: number;
  updated: number;
  /** Duplicates left alone, and (update mode) duplicates whose values were already the same. */
  skipped: number;
  rejected: number;
}

export interface ContactImport {
  id: number;
  createdBy: number | null;
  createdByRole: Role;
  fileName: string | null;
  mode: ImportMode;
  mapping: ImportMapping;
  status: ImportStatus;
  totalRows: number | null;
  rowsDone: number;
  counts: ImportCounts;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** One data row of the file: its 1-based number (after the header) and its cells by column header. */
export interface ImportRow {
  rowNumber: number;
  cells: Record<string, string>;
}

export interface Rejection {
  rowNumber: number;
  reason: string;
  cells: Record<string, string>;
}

/** The values a valid row sets. */
export type ImportedValues = Partial<Pick<ContactFields, ImportField>> & Pick<ContactFields, 'name'>;
