import { inject, injectable } from 'inversify';
import type { Contact, ContactFields, ContactFilter, DuplicateProbe, NewContact, PossibleDuplicate } from '../../domain/contacts/contact';
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

  /**
   * Each reason is an indexed lookup: lower(email), the phone's digit key, and for the name the trigram
   * index (word similarity against the search text), kept when the names are at least 0.5 similar.
   */
  async possibleDuplicates(probe: DuplicateProbe, limit: number): Promise<PossibleDuplicate[]> {
    const { db } = this.uow;
    const reasons = [
      probe.email && db.raw("CASE WHEN lower(email) = lower(?) THEN 'email' END", [probe.email]),
      probe.phone && db.raw("CASE WHEN funil_phone_key(phone) = funil_phone_key(?) THEN 'phone' END", [probe.phone]),
      probe.name &&
        db.raw("CASE WHEN similarity(lower(funil_unaccent(name)), lower(funil_unaccent(?))) >= 0.5 THEN 'name' END", [probe.name]),
    ].filter((r) => !!r);
    const rows: (PossibleDuplicate & { reasons: (string | null)[] })[] = await db('contacts')
      .select('id', 'name', 'email', 'phone', 'company', db.raw(`array_remove(array[${reasons.map(() => '?').join(', ')}]::text[], null) AS reasons`, reasons))
      .where((q) => {
        if (probe.email) q.orWhereRaw('lower(email) = lower(?)', [probe.email]);
        if (probe.phone) q.orWhereRaw('funil_phone_key(phone) = funil_phone_key(?)', [probe.phone]);
        if (probe.name) {
          q.orWhereRaw('lower(funil_unaccent(?)) <% funil_contact_search_text(name, email, company, phone)', [probe.name]);
        }
      })
      .modify((q) => probe.excludeId !== undefined && q.whereNot('id', probe.excludeId))
      .orderBy('id', 'desc')
      .limit(50);
    return rows
      .map((row) => ({ ...row, reasons: row.reasons.filter((r): r is PossibleDuplicate['reasons'][number] => r !== null) }))
      .filter((row) => row.reasons.length > 0)
      .sort((a, b) => b.reasons.length - a.reasons.length)
      .slice(0, limit);
  }
}
