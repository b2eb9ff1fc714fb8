import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { Contact, ContactFields, ContactFilter, DuplicateProbe, NewContact, PossibleDuplicate } from './contact';

export interface ContactRepository extends RecordStore<Contact, NewContact, Partial<ContactFields>> {
  list(filter: ContactFilter, page: PageRequest): Promise<Page<Contact>>;
  /** At most `limit`, those with the most reasons first. */
  possibleDuplicates(probe: DuplicateProbe, limit: number): Promise<PossibleDuplicate[]>;
}
