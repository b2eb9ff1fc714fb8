import { inject, injectable } from 'inversify';
import { can, verbOf } from '../crm/crm-access';
import type { Viewer } from '../shared/viewer';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import { CrmRecords } from '../crm/crm-records';
import { AlreadyAnonymizedError } from '../privacy/privacy.errors';
import type { Page, PageRequest } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import { ForbiddenError, type AppError } from '../shared/app-error';
import { contactSubject, diffFields, timelineEntry, type NewTimelineEntry, authorOf } from '../timeline/timeline';
import {
  BULK_FILTER_MAX,
  CONTACT_TRACKED_FIELDS,
  type Contact,
  type ContactBulkAction,
  type ContactBulkResult,
  type ContactBulkTarget,
  type ContactBulkValues,
  type ContactFields,
  type ContactFilter,
  type DuplicateProbe,
  type NewContact,
  type PossibleDuplicate,
  type SourceUsage,
  type TagUsage,
} from './contact';
import type { ContactRepository } from './contacts.ports';
import { CONTACT_REPOSITORY } from './contacts.tokens';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';

@injectable()
export class ContactsService {
  private readonly records: CrmRecords<Contact, NewContact, Partial<ContactFields>>;

  constructor(
    @inject(CONTACT_REPOSITORY) private readonly contacts: ContactRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
    @inject(CUSTOM_FIELDS_SERVICE)
    private readonly customFields: Pick<CustomFieldsService, 'values' | 'changes' | 'match' | 'checked' | 'sortOf'>,
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

  async list(_viewer: Viewer, filter: ContactFilter, page: PageRequest): Promise<Page<Contact>> {
    return this.contacts.list(await this.resolved(filter), page);
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

  /**
   * The owner defaults to the creator; custom field values are checked against the contacts' fields. With its
   * timeline entry, as records.create writes it, in one statement.
   */
  async create(viewer: Viewer, fields: Partial<ContactFields> & Pick<ContactFields, 'name'>): Promise<Contact> {
    const values = {
      ...fields,
      customFields: await this.customFields.values('contact', fields.customFields),
      ownerId: fields.ownerId === undefined ? viewer.id : fields.ownerId,
      createdBy: viewer.id,
    };
    return this.contacts.createRecorded(values, authorOf(viewer));
  }

  /** Custom field values sent are checked and merged into the contact's (null removes one). */
  update(viewer: Viewer, id: number, changes: Partial<ContactFields>, expectedUpdatedAt?: Date): Promise<Contact> {
    return this.records.update(viewer, id, expectedUpdatedAt, (current) => {
      // A tombstone stays one: what was removed at the person's request is never written back.
      if (current.anonymizedAt) throw new AlreadyAnonymizedError(current.anonymizedAt);
      return this.customFields.changes('contact', changes, current.customFields);
    });
  }

  /**
   * A batch of a contact import (see ContactImportsService), allowed by the importer's checks, in one transaction:
   * the new contacts, owned by the owner the import gave each (else the importer), with their 'created' entries in one
   * statement; then the changes.
   * Every entry names the import.
   */
  importBatch(
    viewer: Viewer,
    importId: number,
    created: (Partial<ContactFields> & Pick<ContactFields, 'name'>)[],
    updated: { current: Partial<Contact> & Pick<Contact, 'id'>; changes: Partial<ContactFields> }[],
  ): Promise<void> {
    return this.uow.run(async () => {
      await this.contacts.insertImported(
        created.map((fields) => ({ ...fields, ownerId: fields.ownerId ?? viewer.id, createdBy: viewer.id })),
        { ...authorOf(viewer), importId },
      );
      if (updated.length) await this.records.importMany(viewer, importId, [], updated);
    });
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.records.remove(viewer, id);
  }

  /** The tags in use (everyone reads contacts), those starting with `search` first by use, for the tags input. */
  tags(_viewer: Viewer, search: string, limit: number): Promise<TagUsage[]> {
    return this.contacts.tags(search.trim(), limit);
  }

  /** The sources in use (everyone reads contacts), those starting with `search` first by use, for the origin filter. */
  sources(_viewer: Viewer, search: string, limit: number): Promise<SourceUsage[]> {
    return this.contacts.sources(search.trim(), limit);
  }

  /**
   * One change to many contacts (these ids, or every contact the list's filter matches) in one
   * transaction, each checked as a single edit would be: a contact the viewer may not change (or that
   * is gone) is refused with its reason and the others go ahead; one already as asked is left alone.
   * Set-wide, so a filter's thousands fit in one request: one read locking them all, one statement
   * writing every allowed change, and a timeline entry for each contact changed.
   */
  bulk(viewer: Viewer, target: ContactBulkTarget, change: ContactBulkAction): Promise<ContactBulkResult> {
    return this.uow.run(async () => {
      const found =
        'ids' in target ? await this.contacts.lockByIds(target.ids) : await this.lockMatching(target.filter);
      const byId = new Map(found.map((contact) => [contact.id, contact]));
      const action = change.action === 'delete' ? 'delete' : 'update';
      const result: ContactBulkResult = { changed: 0, unchanged: 0, refused: [] };
      const refuse = (id: number, error: AppError) =>
        result.refused.push({ id, code: error.code, message: error.message });
      const allowed: Contact[] = [];
      for (const id of 'ids' in target ? target.ids : found.map((contact) => contact.id)) {
        const current = byId.get(id);
        if (!current || !can(viewer, 'contact', 'read', current))
          refuse(id, new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact'));
        else if (!can(viewer, 'contact', action, current))
          refuse(id, new ForbiddenError(`You may only ${verbOf(action)} records you own or created`));
        else allowed.push(current);
      }

      const by = { ...authorOf(viewer), bulk: true };
      let entries: NewTimelineEntry[];
      if (change.action === 'delete') {
        await this.contacts.deleteMany(allowed.map((contact) => contact.id));
        entries = allowed.map((contact) => timelineEntry(contactSubject(contact), 'deleted', by));
      } else {
        // Checked once for them all (a 400 naming customFields.<key> changes nothing).
        const custom = change.customFields && (await this.customFields.checked('contact', change.customFields));
        const rows = allowed.flatMap((current) => {
          const values = bulkValues(current, { ...change, customFields: custom });
          return values ? [{ id: current.id, values }] : [];
        });
        result.unchanged = allowed.length - rows.length;
        const updated = await this.contacts.updateMany(rows);
        entries = updated.map((after) =>
          timelineEntry(
            contactSubject(after),
            'updated',
            by,
            diffFields(byId.get(after.id)!, after, CONTACT_TRACKED_FIELDS),
          ),
        );
      }
      result.changed = entries.length;
      await this.timeline.record(entries);
      return result;
    });
  }

  /**
   * The filter with its custom field filters read as their fields' types (a 400 naming one that cannot be), and an
   * order by a custom field with how its values compare.
   */
  private async resolved(filter: ContactFilter): Promise<ContactFilter> {
    const customFieldMatch = await this.customFields.match('contact', filter.customFields);
    const sort = await this.customFields.sortOf('contact', filter.sort);
    return { ...filter, sort, ...(customFieldMatch && { customFieldMatch }) };
  }

  /** Every contact the filter matches, locked; more than BULK_FILTER_MAX is a 400 on `filter`. */
  private async lockMatching(sent: ContactFilter): Promise<Contact[]> {
    const filter = await this.resolved(sent);
    const tooMany = (count: number) =>
      new FieldError(
        'filter',
        `The filter matches ${count} contacts; a bulk change takes at most ${BULK_FILTER_MAX}: narrow the filter`,
      );
    const count = await this.contacts.count(filter);
    if (count > BULK_FILTER_MAX) throw tooMany(count);
    // Rows may have been added since the count.
    const found = await this.contacts.lockMatching(filter, BULK_FILTER_MAX + 1);
    if (found.length > BULK_FILTER_MAX) throw tooMany(found.length);
    return found;
  }
}

/**
 * The values an update action sets on one contact (every field it names, the tags with those added and
 * removed), or null when the contact is already so.
 */
function bulkValues(
  current: Contact,
  change: Exclude<ContactBulkAction, { action: 'delete' }>,
): ContactBulkValues | null {
  const values: ContactBulkValues = {};
  if (change.status !== undefined) values.status = change.status;
  if (change.ownerId !== undefined) values.ownerId = change.ownerId;
  if (change.addTags?.length || change.removeTags?.length) {
    const removed = new Set(change.removeTags);
    values.tags = [...new Set([...current.tags, ...(change.addTags ?? [])])].filter((tag) => !removed.has(tag));
  }
  if (change.customFields) {
    const merged: Record<string, unknown> = { ...current.customFields, ...change.customFields };
    for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
    values.customFields = merged;
  }
  const differs = (Object.keys(values) as (keyof ContactBulkValues)[]).some(
    (field) => JSON.stringify(values[field]) !== JSON.stringify(current[field]),
  );
  return differs ? values : null;
}
