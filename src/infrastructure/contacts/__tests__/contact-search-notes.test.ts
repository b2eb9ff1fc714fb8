import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactFilter } from '../../../domain/contacts/contact';
import type { ContactRepository } from '../../../domain/contacts/contacts.ports';
import { CONTACT_REPOSITORY } from '../../../domain/contacts/contacts.tokens';
import { SEARCH_TOTAL_CAP } from '../../../domain/shared/list-page';
import { useTestRuntime } from '../../../main/__tests__/test-runtime';
import { searchPages } from './search-pages';
import { trigramIndexable } from '../contact-search';

const app = useTestRuntime();

/**
 * The contacts search also finds the contacts whose notes hold the text, by each of its ways (contact-search.ts): the
 * notes of the newest contacts alone, the walk past them (a text in many notes), the notes' trigram index (a text in
 * few), each bounded by the page the contacts' own fields already fill. Page after page, and with its total, it gives
 * what the plain substring match over a contact's fields or any of its notes, ordered by id, gives.
 */
describe('contact search, by the contacts notes', () => {
  let contacts: ContactRepository;
  beforeAll(async () => {
    contacts = app.get<ContactRepository>(CONTACT_REPOSITORY);
    const { knex } = app.runtime.db;
    // 2,400 contacts 100 ids apart, "Quixaba" in the name of one in eight; 3,000 notes spread over them by a stride,
    // "cajueiro" in one in three (a walk), "umbuzeiro" in one in 150 (the trigram index), "quixaba" in one in 40 (on
    // contacts already found by name, and on others), "pitanga" in one note only, an accent folded ("Cajuéiro").
    await knex.raw(
      `INSERT INTO contacts (id, name, email, status) SELECT g * 100,
         CASE WHEN g % 8 = 0 THEN 'Quixaba ' || g ELSE 'Filler ' || g END, 'n' || g || '@notas.com.br',
         CASE WHEN g % 2 = 0 THEN 'customer' ELSE 'lead' END
       FROM generate_series(1, 2400) g`,
    );
    await knex.raw(
      `INSERT INTO crm_notes (kind, body, contact_id)
       SELECT 'note', 'Nota ' || g
           || CASE WHEN g % 3 = 0 THEN CASE WHEN g % 2 = 0 THEN ' Cajuéiro' ELSE ' cajueiro' END ELSE '' END
           || CASE WHEN g % 150 = 0 THEN ' umbuzeiro' ELSE '' END
           || CASE WHEN g % 40 = 0 THEN ' Quixaba' ELSE '' END
           || CASE WHEN g = 1717 THEN ' pitanga' ELSE '' END,
         (1 + (g * 7919) % 2400) * 100
       FROM generate_series(1, 3000) g`,
    );
    await knex.raw('ANALYZE crm_notes');
  });

  const expected = async (text: string, status?: string) =>
    (await app.runtime.db
      .knex('contacts')
      .where((q) => {
        q.whereRaw('strpos(search_text, lower(funil_unaccent(?))) > 0', [text]);
        if (trigramIndexable(text))
          q.orWhereExists((n) =>
            n
              .from('crmNotes')
              .whereRaw('crm_notes.contact_id = contacts.id')
              .whereRaw('strpos(crm_notes.search_text, lower(funil_unaccent(?))) > 0', [text]),
          );
      })
      .modify((q) => status && q.where({ status }))
      .orderBy('id', 'desc')
      .pluck('id')) as number[];

  const pages = (filter: ContactFilter, limit: number) => searchPages(contacts, filter, limit);

  it.each([
    ['cajueiro', undefined],
    ['CAJUEIRO', 'customer'],
    ['umbuzeiro', undefined],
    ['umbuzeiro', 'lead'],
    ['quixaba', undefined],
    ['Quixaba', 'lead'],
    ['pitanga', undefined],
    ['nota 17', undefined],
    ['no', undefined],
  ])('%s (status %s): every page as the substring match over fields and notes gives it', async (text, status) => {
    const want = await expected(text, status);
    expect(want.length).toBeGreaterThan(0);
    for (const limit of [7, 50, 200]) {
      const { seen, totals } = await pages({ search: text, status: status as ContactFilter['status'] }, limit);
      expect(seen).toEqual(want);
      const total = want.length > SEARCH_TOTAL_CAP ? `${SEARCH_TOTAL_CAP}+` : `${want.length}`;
      expect(new Set(totals)).toEqual(new Set([total]));
    }
    // The export, the count and the bulk change read the same contacts.
    expect(await contacts.count({ search: text, status: status as ContactFilter['status'] })).toBe(want.length);
  });
});
