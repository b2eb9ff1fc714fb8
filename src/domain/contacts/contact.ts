import type { ListSort } from '../shared/list-page';

export const CONTACT_STATUSES = ['lead', 'prospect', 'customer', 'inactive'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** The company the contact belongs to, if any. */
  companyId: number | null;
  /** Its company's name (read-only: the database keeps it so, and searches and exports read it). */
  company: string | null;
  position: string | null;
  source: string | null;
  status: ContactStatus;
  score: number;
  tags: string[];
  notes: string | null;
  customFields: Record<string, unknown>;
  ownerId: number | null;
  ownerName: string | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** When the person's identifying data was replaced by a tombstone at their request (LGPD); null: never. */
  anonymizedAt: Date | null;
}

/** What a client may set; the rest is the server's. */
export type ContactFields = Pick<
  Contact,
  | 'name'
  | 'email'
  | 'phone'
  | 'companyId'
  | 'position'
  | 'source'
  | 'status'
  | 'score'
  | 'tags'
  | 'notes'
  | 'customFields'
  | 'ownerId'
>;

export type NewContact = Partial<ContactFields> & Pick<ContactFields, 'name'> & { createdBy: number };

export interface ContactFilter {
  /**
   * Substring of name, email, company or phone; case, accents, % and _ taken literally. A phone (phoneSearch) also
   * finds the contacts whose number ends with its digits or is the number it normalises to.
   */
  search?: string;
  status?: ContactStatus;
  tag?: string;
  ownerId?: number;
  /** The people of this company. */
  companyId?: number;
  /** This source, case and accents ignored. */
  source?: string;
  /** Score from scoreMin to scoreMax, both included. */
  scoreMin?: number;
  scoreMax?: number;
  /** `customFields.<key>=<text>` filters, by key, as sent: the service reads each as its field's type. */
  customFields?: Record<string, string>;
  /** What the service made of `customFields`: the document the contacts' values contain (the repository's part). */
  customFieldMatch?: Record<string, unknown>;
  /** A table's order (a column, or a custom field); without it, newest first (or, searching, the best matches first). */
  sort?: ListSort;
  /** Leaves out the contacts anonymized at their request (exports: a tombstone is nobody's data). */
  excludeAnonymized?: boolean;
}

/** The columns a contacts list can be ordered by (text case and accents ignored), besides `customFields.<key>`. */
export const CONTACT_SORTS = [
  'name',
  'email',
  'company',
  'status',
  'score',
  'source',
  'createdAt',
  'updatedAt',
] as const;
export type ContactSortField = (typeof CONTACT_SORTS)[number];

export const CONTACT_TRACKED_FIELDS = [
  'name',
  'email',
  'phone',
  // Its name: a change of company shows as the names before and after.
  'company',
  'position',
  'source',
  'status',
  'score',
  'tags',
  'notes',
  'customFields',
  'ownerId',
] as const satisfies readonly (keyof Contact)[];

/** At most this many contacts named by id in one bulk request: one transaction, one timeline entry each. */
export const BULK_MAX = 500;

/**
 * At most this many contacts matching a bulk request's filter ("select all N matching"): still one
 * transaction of a few set-wide statements; a filter matching more is refused (400 on `filter`).
 */
export const BULK_FILTER_MAX = 10_000;

/** The contacts a bulk change is for: these ids, or every contact the list's filter matches. */
export type ContactBulkTarget = { ids: number[] } | { filter: ContactFilter };

/** The fields a bulk update sets, with each contact's new values (the same keys for every contact). */
export type ContactBulkValues = Partial<Pick<ContactFields, 'status' | 'ownerId' | 'tags' | 'customFields'>>;

/**
 * One change applied to many contacts: fields set as given, tags added and removed, custom field values set (null
 * clears one; the others each contact holds stay), or deletion.
 */
export type ContactBulkAction =
  | {
      action: 'update';
      status?: ContactStatus;
      ownerId?: number | null;
      addTags?: string[];
      removeTags?: string[];
      customFields?: Record<string, unknown>;
    }
  | { action: 'delete' };

export interface ContactBulkResult {
  /** Changed or deleted. */
  changed: number;
  /** Already as asked: nothing written. */
  unchanged: number;
  /** Not changed, each with the error it would have had alone (not found, not yours). */
  refused: { id: number; code: string; message: string }[];
}

/** What a new (or edited) contact is checked against for possible duplicates. */
export interface DuplicateProbe {
  name?: string;
  email?: string;
  phone?: string;
  /** The contact being edited, which is no duplicate of itself. */
  excludeId?: number;
}

/** A tag in use and on how many contacts. */
export interface TagUsage {
  tag: string;
  count: number;
}

/** A source in use and on how many contacts (its spellings that differ only in case and accents together). */
export interface SourceUsage {
  source: string;
  count: number;
}

export const DUPLICATE_REASONS = ['email', 'phone', 'name'] as const;

export interface PossibleDuplicate extends Pick<Contact, 'id' | 'name' | 'email' | 'phone' | 'company'> {
  /** Why it may be the same person: the same email or phone, or a very similar name. */
  reasons: (typeof DUPLICATE_REASONS)[number][];
}
