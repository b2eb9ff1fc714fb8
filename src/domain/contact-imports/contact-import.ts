import type { ConsentChannel } from '../privacy/consent';
import type { LegalBasis } from '../privacy/legal-basis';
import type { ContactFields } from '../contacts/contact';
import type { Role } from '../users/user';
import type { ImportPreset } from './crm-presets';

/**
 * Contact fields a CSV column can fill. `company` is the company's name: the row's contact is linked to the company
 * with the row's CNPJ (a `cnpj` column), else to the one of that name (case, accents and spacing ignored), else to
 * a new company (one per name however many rows name it).
 */
export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'position',
  'source',
  'status',
  'score',
  'tags',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * What a CSV column can be mapped to: a contact field, `cnpj` (of the row's company), `owner`, the person the row's
 * contact is given to, or `firstName` and `lastName`, which make the name when no column gives it whole (exports
 * such as HubSpot's split it).
 */
export const MAPPING_TARGETS = [...IMPORT_FIELDS, 'cnpj', 'owner', 'firstName', 'lastName'] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];

/** A column mapped to a custom field of the records (issue 27): `customFields.<key>`, as the exports head it. */
export type CustomFieldTarget = `customFields.${string}`;

/** skip: a row whose email is already a contact's is left alone; update: that contact takes the row's values. */
export const IMPORT_MODES = ['skip', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** CSV column header -> contact field (or owner, or a custom field). */
export type ImportMapping = Record<string, MappingTarget | CustomFieldTarget>;

/**
 * Who is given the contacts an import creates, besides an `owner` column: one person for the whole file (`ownerId`),
 * or the rows dealt in turn among several (`ownerIds`: row n goes to ownerIds[(n - 1) mod length]). Neither: the importer.
 * Existing contacts an import updates keep their owner.
 */
export interface ImportOwners {
  ownerId?: number;
  ownerIds?: number[];
}

/** A user an owner cell can name, by username or name. */
export interface ImportUser {
  id: number;
  username: string;
  name: string;
}

export interface ImportCounts {
  created: number;
  updated: number;
  /** Duplicates left alone, and (update mode) duplicates whose values were already the same. */
  skipped: number;
  rejected: number;
}

/**
 * What an import records for every contact it creates or updates (LGPD): a legal basis, and consent to these channels
 * with the text the people were shown; null when the importer set neither.
 */
export interface ImportPrivacy {
  legalBasis: LegalBasis | null;
  consentChannels: ConsentChannel[];
  consentText: string | null;
}

export interface ContactImport {
  id: number;
  createdBy: number | null;
  createdByRole: Role;
  fileName: string | null;
  mode: ImportMode;
  mapping: ImportMapping;
  ownerId: number | null;
  ownerIds: number[] | null;
  privacy: ImportPrivacy | null;
  status: ImportStatus;
  totalRows: number | null;
  rowsDone: number;
  counts: ImportCounts;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** When the import was undone, and by whom; null while it stands. */
  undoneAt: Date | null;
  undoneBy: number | null;
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

/** What an import writes on a contact: the imported fields, with the company as its id. */
export type ImportContactField = Exclude<ImportField, 'company'> | 'companyId';
export const IMPORT_CONTACT_FIELDS: readonly ImportContactField[] = IMPORT_FIELDS.map((field) =>
  field === 'company' ? 'companyId' : field,
);
/** What an import reads of a contact it may change, and puts back on an undo: its fields and custom values. */
export const IMPORT_STORED_FIELDS = [...IMPORT_CONTACT_FIELDS, 'customFields'] as const;

/**
 * The values a valid row sets, as read: the company by its name and CNPJ (normalized), found or made on writing;
 * `customFields` the custom values of its mapped columns (only those: a change merges them into the contact's).
 */
export type ImportedValues = Partial<Pick<ContactFields, Exclude<ImportField, 'company'>>> &
  Pick<ContactFields, 'name'> & { company?: string; cnpj?: string; customFields?: Record<string, unknown> };

/** The fields a row writes on a contact, its company found or made; `customFields` whole (the row's merged in). */
export type ImportedFields = Partial<Pick<ContactFields, ImportContactField | 'customFields'>> &
  Pick<ContactFields, 'name'>;

/** The company a row names: found by CNPJ, else by name; made from both when none is found. */
export interface CompanyRef {
  name: string | null;
  cnpj: string | null;
}

/** What a row of the dry run would do. */
export type ImportOutcome = 'create' | 'update' | 'skip';

/** The file as the server reads it, and what importing it now would do; nothing is written. */
export interface ImportPreview {
  fileName: string | null;
  size: number;
  encoding: FileEncoding;
  delimiter: string;
  columns: string[];
  totalRows: number;
  /** The mapping guessed from the headers. */
  suggestedMapping: ImportMapping;
  /** The CRM whose export the file is, recognised by its headers (its mapping suggested); null: none we know. */
  preset: ImportPreset | null;
  /** The mapping the preview used: the one asked for, else the suggested one. */
  mapping: ImportMapping;
  mode: ImportMode;
  counts: ImportCounts;
  /** Who would be given the contacts the import creates, and how many each, most first. */
  owners: { userId: number; name: string; count: number }[];
  /** The first valid rows as they would be stored. */
  sample: { rowNumber: number; outcome: ImportOutcome; values: ImportedValues; ownerId: number | null }[];
  /** The first refused rows; `counts.rejected` has them all. */
  rejections: Rejection[];
}

export type FileEncoding = 'utf-8' | 'windows-1252';

/** The field values an import changed on an existing contact, as they were before, to undo it. */
export interface ImportedUpdate {
  contactId: number;
  before: Partial<ImportedFields>;
}
