import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { TimelineAuthor } from '../timeline/timeline';
import type {
  Contact,
  ContactBulkValues,
  ContactFields,
  ContactFilter,
  DuplicateProbe,
  NewContact,
  PossibleDuplicate,
  SourceUsage,
  TagUsage,
} from './contact';

export interface ContactRepository extends RecordStore<Contact, NewContact, Partial<ContactFields>> {
  list(filter: ContactFilter, page: PageRequest): Promise<Page<Contact>>;
  /** At most `limit`, those with the most reasons first. */
  possibleDuplicates(probe: DuplicateProbe, limit: number): Promise<PossibleDuplicate[]>;
  /** The contacts with these ids that exist, locked until the unit of work ends. */
  lockByIds(ids: number[]): Promise<Contact[]>;
  /** At most `limit` contacts matching the filter, locked until the unit of work ends. */
  lockMatching(filter: ContactFilter, limit: number): Promise<Contact[]>;
  count(filter: ContactFilter): Promise<number>;
  /** Each contact's new values of the same fields, in one statement; the contacts as they are now. */
  updateMany(rows: { id: number; values: ContactBulkValues }[]): Promise<Contact[]>;
  /** In one statement. */
  deleteMany(ids: number[]): Promise<void>;
  /**
   * New contacts of an import and their 'created' timeline entries (`timelineEntry(contactSubject(contact), 'created', by)`),
   * in one statement however many; answers how many were created.
   */
  insertImported(contacts: NewContact[], by: TimelineAuthor & { importId: number }): Promise<number>;
  /**
   * `create`, and its 'created' timeline entry (`timelineEntry(contactSubject(contact), 'created', by)`), in one
   * statement: no transaction needed around it.
   */
  createRecorded(values: NewContact, by: TimelineAuthor): Promise<Contact>;
  /** The tags in use starting with `prefix` (case and accents ignored), most used first. */
  tags(prefix: string, limit: number): Promise<TagUsage[]>;
  /** The sources in use starting with `prefix` (case and accents ignored, and spellings differing only so as one), most used first. */
  sources(prefix: string, limit: number): Promise<SourceUsage[]>;
}
