import { inject, injectable } from 'inversify';
import type { Viewer } from '../crm/crm-access';
import { RecordNotFoundError } from '../crm/crm.errors';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import { CrmRecords } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import { CONTACT_TRACKED_FIELDS, type Contact, type ContactFields, type ContactFilter, type NewContact } from './contact';
import type { ContactRepository } from './contacts.ports';
import { CONTACT_REPOSITORY } from './contacts.tokens';

@injectable()
export class ContactsService {
  private readonly records: CrmRecords<Contact, NewContact, Partial<ContactFields>>;

  constructor(
    @inject(CONTACT_REPOSITORY) private readonly contacts: ContactRepository,
    @inject(UNIT_OF_WORK) uow: UnitOfWork,
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
}
