import type { Viewer } from '../shared/viewer';
import type { TimelineNote } from '../notes/note';

/**
 * A template's entries say it was used for a contact (action `used`, the channel in `changes`); a note's, that it was
 * written (`created`, its content read from the note: `TimelineEntry.note`).
 */
export const TIMELINE_ENTITY_TYPES = ['contact', 'deal', 'activity', 'template', 'note', 'company'] as const;
export const TIMELINE_ACTIONS = ['created', 'updated', 'deleted', 'used', 'merged'] as const;
export type TimelineEntityType = (typeof TIMELINE_ENTITY_TYPES)[number];
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

export interface FieldChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

export interface NewTimelineEntry {
  entityType: TimelineEntityType;
  entityId: number;
  action: TimelineAction;
  entityName: string;
  changes: FieldChange[];
  contactId: number | null;
  /** The deal whose timeline shows the entry besides the deal's own (a note about it); absent: none. */
  dealId?: number | null;
  /** The company whose history shows the entry besides the company's own (a note on it); absent: none. */
  companyId?: number | null;
  /** null: visible to everyone signed in; else only to these users and admins. */
  visibleTo: number[] | null;
  userId: number;
  /** The contact import that made the change; absent when a person made it. */
  importId?: number;
  /** Written by a bulk change of many contacts at once. */
  bulk?: boolean;
  /** Made through this API key (its name when the change was made), by its owner. */
  apiKeyName?: string;
  /** Made by a submission of this web form (its name then), in the name of the lead's owner. */
  formName?: string;
}

/** As read: the company it is shown to (companyId) only chooses the history it is in. */
export interface TimelineEntry extends Omit<NewTimelineEntry, 'visibleTo' | 'userId' | 'companyId'> {
  id: string;
  /** null once the user was deleted. */
  userId: number | null;
  userName: string | null;
  at: Date;
  /** On a note's entries only: the note as it is now; null once it was deleted. */
  note?: TimelineNote | null;
}

/** What an entry is about, and where it shows. */
export type TimelineSubject = Pick<
  NewTimelineEntry,
  'entityType' | 'entityId' | 'entityName' | 'contactId' | 'dealId' | 'companyId' | 'visibleTo'
>;

/** Who made the change: a person by hand, or through an import or a bulk change of the list. */
export interface TimelineAuthor {
  userId: number;
  importId?: number;
  bulk?: boolean;
  /** Through an API key (its name). */
  apiKeyName?: string;
  /** By a web form's submission (its name). */
  formName?: string;
}

/** The author of a change a person makes (through an API key, when the request came with one). */
export const authorOf = (viewer: Viewer): TimelineAuthor => ({
  userId: viewer.id,
  ...(viewer.apiKey !== undefined && { apiKeyName: viewer.apiKey }),
  ...(viewer.form !== undefined && { formName: viewer.form }),
});

/** The one way an entry is made, whoever writes it. */
export function timelineEntry(
  subject: TimelineSubject,
  action: TimelineAction,
  by: TimelineAuthor,
  changes: FieldChange[] = [],
): NewTimelineEntry {
  return {
    entityType: subject.entityType,
    entityId: subject.entityId,
    action,
    entityName: subject.entityName,
    changes,
    contactId: subject.contactId,
    ...(subject.dealId != null && { dealId: subject.dealId }),
    ...(subject.companyId != null && { companyId: subject.companyId }),
    visibleTo: subject.visibleTo,
    userId: by.userId,
    ...(by.importId !== undefined && { importId: by.importId }),
    ...(by.bulk && { bulk: true }),
    ...(by.apiKeyName !== undefined && { apiKeyName: by.apiKeyName }),
    ...(by.formName !== undefined && { formName: by.formName }),
  };
}

/** A contact's own entries: on its own timeline, seen by everyone. */
export function contactSubject(contact: { id: number; name: string }): TimelineSubject {
  return {
    entityType: 'contact',
    entityId: contact.id,
    entityName: contact.name,
    contactId: contact.id,
    visibleTo: null,
  };
}

/** A company's own entries: on its own timeline, seen by everyone. */
export function companySubject(company: { id: number; name: string }): TimelineSubject {
  return { entityType: 'company', entityId: company.id, entityName: company.name, contactId: null, visibleTo: null };
}

/** The shape the dashboard's recent-activity list reads. */
export type RecentActivityItem = Pick<
  TimelineEntry,
  'id' | 'entityType' | 'entityId' | 'action' | 'entityName' | 'userName' | 'at'
>;

/** The fields that changed between two versions of a record, compared as JSON values. */
export function diffFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const oldValue = normalise(before[field]);
    const newValue = normalise(after[field]);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}
