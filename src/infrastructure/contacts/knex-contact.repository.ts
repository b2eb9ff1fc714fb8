import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Contact, ContactFields, ContactFilter, NewContact } from '../../domain/contacts/contact';
import type { ContactRepository } from '../../domain/contacts/contacts.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { containsPattern, keysetPage } from '../db/keyset-page';
import { KnexRecordStore } from '../crm/knex-record-store';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

@injectable()
export class KnexContactRepository extends KnexRecordStore<Contact, NewContact, Partial<ContactFields>> implements ContactRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, 'contacts');
  }

  protected selectRecord(db: Knex): Knex.QueryBuilder {
    return db('contacts').leftJoin('users as owner', 'owner.id', 'contacts.ownerId').select('contacts.*', 'owner.name as ownerName');
  }

  protected override toColumns(values: Partial<NewContact>): Record<string, unknown> {
    return { ...values, ...(values.customFields !== undefined && { customFields: JSON.stringify(values.customFields) }) };
  }

  list(filter: ContactFilter, page: PageRequest): Promise<Page<Contact>> {
    const query = this.selectRecord(this.uow.db).modify((q) => {
      // The same expression as contacts_search_trgm_index, so the trigram index serves the LIKE.
      if (filter.search) {
        q.whereRaw('funil_contact_search_text(??, ??, ??, ??) like lower(funil_unaccent(?))', [
          'contacts.name', 'contacts.email', 'contacts.company', 'contacts.phone', containsPattern(filter.search),
        ]);
      }
      if (filter.status) q.where('contacts.status', filter.status);
      if (filter.tag) q.whereRaw('?? @> array[?]::text[]', ['contacts.tags', filter.tag]);
      if (filter.ownerId !== undefined) q.where('contacts.ownerId', filter.ownerId);
    });
    return keysetPage(query, 'contacts.id', page, (row: Record<string, unknown>) => this.toRecord(row));
  }
}
