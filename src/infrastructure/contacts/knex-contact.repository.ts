import { inject, injectable } from 'inversify';
import type { Contact, ContactFields, ContactFilter, NewContact } from '../../domain/contacts/contact';
import type { ContactRepository } from '../../domain/contacts/contacts.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { tableModel } from '../db/base.model';
import { containsPattern } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';

export const ContactModel = tableModel('contacts', { jsonAttributes: ['customFields'], hasUpdatedAt: true });

@injectable()
export class KnexContactRepository extends KnexRecordStore<Contact, NewContact, Partial<ContactFields>> implements ContactRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, ContactModel, ['contacts.*', referenced('users', 'name', 'contacts.ownerId', 'ownerName')]);
  }

  list(filter: ContactFilter, page: PageRequest): Promise<Page<Contact>> {
    const query = this.select().modify((q) => {
      // The same expression as contacts_search_trgm_index, so the trigram index serves the LIKE.
      if (filter.search) {
        q.whereRaw('funil_contact_search_text(??, ??, ??, ??) like lower(funil_unaccent(?))', [
          'contacts.name', 'contacts.email', 'contacts.company', 'contacts.phone', containsPattern(filter.search),
        ]);
      }
      if (filter.status) q.where('contacts.status', filter.status);
      if (filter.tag) q.whereRaw('?? @> array[?]::text[]', ['contacts.tags', filter.tag]);
      if (filter.ownerId !== undefined) q.where('contacts.ownerId', filter.ownerId);
      if (filter.source) q.where('contacts.source', filter.source);
      if (filter.scoreMin !== undefined) q.where('contacts.score', '>=', filter.scoreMin);
      if (filter.scoreMax !== undefined) q.where('contacts.score', '<=', filter.scoreMax);
    });
    return this.page(query, page);
  }
}
