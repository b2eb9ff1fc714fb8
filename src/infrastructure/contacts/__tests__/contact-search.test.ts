import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactFilter } from '../../../domain/contacts/contact';
import type { ContactRepository } from '../../../domain/contacts/contacts.ports';
import { SEARCH_TOTAL_CAP } from '../../../domain/shared/list-page';
import { CONTACT_REPOSITORY } from '../../../domain/contacts/contacts.tokens';
import { useTestRuntime } from '../../../main/__tests__/test-runtime';
import { searchPages } from './search-pages';
import { phoneCondition } from '../contact-phone';

const app = useTestRuntime();

/**
 * Every way contact-search.ts can take (the head of the newest 1,000, the walk past it, the trigram index with
 * the text's common words as wildcards, the blocks of ids it is asked for one at a time, the walk without an index)
 * gives, page after page, what the plain substring match (or for a phone, that or the phone's match) ordered by id
 * gives, and the same total, counted up to SEARCH_TOTAL_CAP ("exemplo": every contact).
 */
describe('contact search', () => {
  let contacts: ContactRepository;
  beforeAll(async () => {
    contacts = app.get<ContactRepository>(CONTACT_REPOSITORY);
    // 2,400 contacts: "Quixaba" in one in eight (found in the head), "Mandacaru" in one in 150 (found past the head, block by block),
    // "Xerém 77" only among the oldest (the trigram index, its rare word), e-mails all at exemplo.com.br (a common
    // word beside a rare one), and a few names with %, _ and \ in them. Their ids 100 apart, so they span fifteen blocks
    // of the trigram index's 16,384 ids: the newest 1,000 cover six, the four asked one at a time go past them, and the
    // oldest are left to the index alone.
    await app.runtime.db.knex.raw(
      `INSERT INTO contacts (id, name, email, status, phone) SELECT g * 100,
         CASE WHEN g % 8 = 0 THEN 'Quixaba ' || g WHEN g % 150 = 0 THEN 'Mandacaru ' || g
              WHEN g < 200 AND g % 20 = 0 THEN 'Xerém 77 ' || g WHEN g % 500 = 7 THEN 'Cem% de_raiz\\ ' || g ELSE 'Filler ' || g END,
         'p' || g || '@exemplo.com.br', CASE WHEN g % 2 = 0 THEN 'customer' ELSE 'lead' END, '+55 11 9' || lpad(g::text, 8, '0')
       FROM generate_series(1, 2400) g`,
    );
  });

  const expected = async (text: string, status?: string) =>
    (await app.runtime.db
      .knex('contacts')
      .where((q) => {
        q.whereRaw('strpos(search_text, lower(funil_unaccent(?))) > 0', [text]);
        const phone = phoneCondition(text);
        if (phone) q.orWhereRaw(...phone);
      })
      .modify((q) => status && q.where({ status }))
      .orderBy('id', 'desc')
      .pluck('id')) as number[];

  const pages = (filter: ContactFilter, limit: number) => searchPages(contacts, filter, limit);

  // PostgreSQL plans a prepared statement for its values five times, then keeps the generic plan unless the values'
  // own plans cost less. A way a plan for given values drops (the phone way for a text that is no phone, had it been
  // gated by the value itself) makes those cost less at 1,000,000 contacts: every search was planned again (+1.5 ms).
  it.skipIf(!process.env.DATABASE_URL)(
    'plans the phone way for a text that is no phone too, so that one generic plan serves every text',
    async () => {
      const { knex } = app.runtime.db;
      const statements: { sql: string; bindings: unknown[] }[] = [];
      const listen = (query: { sql: string; bindings: unknown[] }) => statements.push(query);
      knex.on('query', listen);
      await contacts.list({ search: 'quixaba' }, { limit: 50 });
      knex.off('query', listen);
      const { sql, bindings } = statements.at(-1)!;
      type Connection = { query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, string>[] }> };
      const connection = (await knex.client.acquireConnection()) as Connection;
      try {
        const { rows } = await connection.query(`EXPLAIN ${sql}`, bindings);
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('contacts_phone_suffix_index');
      } finally {
        await knex.client.releaseConnection(connection);
      }
    },
  );

  it.each([
    ['QUIXABA', undefined],
    ['quixaba', 'lead'],
    ['Quixaba 1', undefined],
    ['quixaba 1', 'customer'],
    ['Mandacaru', undefined],
    ['mandacaru', 'customer'],
    ['xerem 77', undefined],
    ['Xerém 77 1', undefined],
    ['77@exemplo', undefined],
    ['7@exemplo.com', 'lead'],
    ['0@', undefined],
    ['jo', undefined],
    ['exemplo', 'lead'],
    ['cem%', undefined],
    ['de_raiz\\', undefined],
    ['% de_', undefined],
    ['nada disso', undefined],
    ['11 900001', undefined],
    // Phones: as text and by their digits ("900001" both), by their digits only, the number normalised.
    ['900001', undefined],
    ['900001', 'customer'],
    ['0000120', undefined],
    ['+55 (11) 90000-0120', 'customer'],
    ['11 0000-0120', undefined],
  ])('%s (status %s): every page as the substring match gives it, with its total', async (text, status) => {
    const want = await expected(text, status);
    for (const limit of [7, 50]) {
      const { seen, totals } = await pages({ search: text, status: status as ContactFilter['status'] }, limit);
      expect(seen).toEqual(want);
      const total = want.length > SEARCH_TOTAL_CAP ? `${SEARCH_TOTAL_CAP}+` : `${want.length}`;
      expect(new Set(totals)).toEqual(new Set([total]));
    }
  });
});
