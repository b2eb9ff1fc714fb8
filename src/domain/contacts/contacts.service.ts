import { inject, injectable } from 'inversify';
import type { Viewer } from '../crm/crm-access';
import { RecordNotFoundError } from '../crm/crm.errors';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import { CrmRecords } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import { AppError } from '../shared/app-error';
import { CONTACT_TRACKED_FIELDS, type Contact, type ContactBulkAction, type ContactBulkResult, type ContactFields, type ContactFilter, type DuplicateProbe, type NewContact, type PossibleDuplicate } from './contact';
import type { ContactRepository } from './contacts.ports';
import { CONTACT_REPOSITORY } from './contacts.tokens';

@injectable()
export class ContactsService {
  private readonly records: CrmRecords<Contact, NewContact, Partial<ContactFields>>;

  constructor(
    @inject(CONTACT_REPOSITORY) private readonly contacts: ContactRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) timeline: TimelineService,
  ) {
    this.records = new CrmRecords(
      contacts,
      {
        type: 'contact',
        notFound: () => new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact'),
        displayName: (c) => c.name,
        contactOf: (c) => c.id,
        visibleTo: () => null,
        tracked: CONTACT_TRACKED_FIELDS,
      },
      uow,
      timeline,
    );
  }

  list(_viewer: Viewer, filter: ContactFilter, page: PageRequest): Promise<Page<Contact>> {
    return this.contacts.list(filter, page);
  }

  /** Contacts that may be the same person, for the create dialog's warning (everyone reads contacts). */
  possibleDuplicates(_viewer: Viewer, probe: DuplicateProbe): Promise<PossibleDuplicate[]> {
    const name = probe.name?.trim();
    const usable = { ...probe, name: name && name.length >= 4 ? name : undefined };
    if (!usable.name && !usable.email && !usable.phone) return Promise.resolve([]);
    return this.contacts.possibleDuplicates(usable, 5);
  }

  get(viewer: Viewer, id: number): Promise<Contact> {
    return this.records.get(viewer, id);
  }

  /** The owner defaults to the creator. */
  create(viewer: Viewer, fields: Partial<ContactFields> & Pick<ContactFields, 'name'>): Promise<Contact> {
    return this.records.create(viewer, () => ({ ...fields, ownerId: fields.ownerId === undefined ? viewer.id : fields.ownerId, createdBy: viewer.id }));
  }

  update(viewer: Viewer, id: number, changes: Partial<ContactFields>, expectedUpdatedAt?: Date): Promise<Contact> {
    return this.records.update(viewer, id, expectedUpdatedAt, () => changes);
  }

  /** A batch of a contact import (see ContactImportsService): owned by the importer, every entry naming the import. */
  importBatch(
    viewer: Viewer,
    importId: number,
    created: (Partial<ContactFields> & Pick<ContactFields, 'name'>)[],
    updated: { current: Partial<Contact> & Pick<Contact, 'id'>; changes: Partial<ContactFields> }[],
  ): Promise<void> {
    return this.records.importMany(viewer, importId, created.map((fields) => ({ ...fields, ownerId: viewer.id, createdBy: viewer.id })), updated);
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.records.remove(viewer, id);
  }

  /**
   * One change to many contacts in one transaction, each checked as a single edit would be: a contact the
   * viewer may not change (or that is gone) is refused with its reason and the others go ahead; one that
   * is already as asked is left alone. Each change writes its own timeline entry.
   */
  bulk(viewer: Viewer, ids: number[], change: ContactBulkAction): Promise<ContactBulkResult> {
    return this.uow.run(async () => {
      const result: ContactBulkResult = { changed: 0, unchanged: 0, refused: [] };
      for (const id of ids) {
        try {
          if (change.action === 'delete') {
            await this.records.remove(viewer, id);
            result.changed++;
            continue;
          }
          const changes = bulkChanges(await this.records.get(viewer, id), change);
          if (!changes) {
            result.unchanged++;
            continue;
          }
          await this.records.update(viewer, id, undefined, (current) => bulkChanges(current, change) ?? {});
          result.changed++;
        } catch (error) {
          // Refusals come before any write; anything else (a database error) ends the whole request.
          if (!(error instanceof AppError) || !REFUSALS.has(error.code)) throw error;
          result.refused.push({ id, code: error.code, message: error.message });
        }
      }
      return result;
    });
  }
}

const REFUSALS = new Set(['AUTH.FORBIDDEN', 'CONTACT.NOT_FOUND']);

/** What an update action changes on one contact, or null when it is already so. */
function bulkChanges(current: Contact, change: Exclude<ContactBulkAction, { action: 'delete' }>): Partial<ContactFields> | null {
  const changes: Partial<ContactFields> = {};
  if (change.status !== undefined && change.status !== current.status) changes.status = change.status;
  if (change.ownerId !== undefined && change.ownerId !== current.ownerId) changes.ownerId = change.ownerId;
  if (change.addTags?.length || change.removeTags?.length) {
    const removed = new Set(change.removeTags);
    const tags = [...new Set([...current.tags, ...(change.addTags ?? [])])].filter((tag) => !removed.has(tag));
    if (tags.join('\u0000') !== current.tags.join('\u0000')) changes.tags = tags;
  }
  return Object.keys(changes).length ? changes : null;
}
