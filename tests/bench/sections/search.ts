import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { SEARCH_TOTAL_CAP } from '../../../src/domain/shared/list-page';
import { phoneCondition } from '../../../src/infrastructure/contacts/contact-phone';
import { KnexContactRepository } from '../../../src/infrastructure/contacts/knex-contact.repository';
import type { KnexUnitOfWork } from '../../../src/infrastructure/db/knex-unit-of-work';
import { migrateLatest } from '../../../src/infrastructure/db/migrator';
import { p99Row, signIn, spawnFunil } from '../http/load';
import type { Scenario } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { pastedPhone, rareTerm, seedBrazilianContacts } from '../support/brazilian-contacts';
import { noteRareTerm, seedContactNotes } from '../support/contact-notes';
import { createBenchDatabase } from '../support/crm-data';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;
/** One contact in this many has a note (issue 25: the search finds contacts by their notes too). */
const NOTE_EVERY = 5;

/**
 * Issue 15: the contact list's search (first page, 50, newest first) at 1,000,000 contacts with realistic
 * Brazilian names (about 7.5% called João), for a rare term, a common one, two words and the start of an
 * e-mail (both about 0.25% of contacts, their words each in 7 to 10%), a phone pasted as a person writes it (found by
 * its normalised digits, not as text: issue 23), text found in contacts' notes only, rare and common (issue 25: a note
 * on one contact in five, naming the contact, so that the other terms meet notes too), and the first screen's request
 * (the common term with its capped total), under 32 connections against Funil as a child process; the plans with
 * EXPLAIN (ANALYZE, BUFFERS).
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const contacts = Number(process.env.BENCH_SEARCH_CONTACTS ?? (ctx.quick ? 20_000 : 1_000_000));
  const seconds = ctx.quick ? 2 : 10;
  const db = await createBenchDatabase(ctx.postgresUrl, 'search');
  const bundle = await bundleServers();
  let funil: BenchServer | undefined;
  try {
    const knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 1 } });
    const rare = rareTerm(Math.ceil(contacts / 3));
    const terms: Record<string, string> = {
      rare,
      common: 'João',
      'two words': 'João Silva',
      'e-mail start': 'joao.silva',
      'pasted phone': pastedPhone(Math.ceil(contacts / 2)),
      'note text, rare': noteRareTerm(NOTE_EVERY * Math.ceil(contacts / (3 * NOTE_EVERY))),
      'note text, common': 'orçamento',
    };
    const plans: Record<string, string[]> = {};
    let matches: Record<string, number> = {};
    try {
      await migrateLatest(knex);
      await knex.raw(
        `INSERT INTO users (username, password, name, role, initials) SELECT 'bench' || g, 'not-a-hash', 'Bench User ' || g, 'employee', 'BU' FROM generate_series(1, 20) g`,
      );
      const owners = (await knex('users').pluck('id')) as number[];
      // Built once after the rows rather than row by row: the same index (as the migrations define it), generated in a
      // fraction of the time.
      const started = performance.now();
      const [{ indexdef }] = (
        await knex.raw("SELECT indexdef FROM pg_indexes WHERE indexname = 'contacts_search_trgm_index'")
      ).rows;
      await knex.raw('DROP INDEX contacts_search_trgm_index');
      await seedBrazilianContacts(knex, contacts, owners);
      await knex.raw(indexdef);
      const notes = await seedContactNotes(knex, NOTE_EVERY, owners);
      await knex.raw('VACUUM ANALYZE contacts');
      await knex.raw('VACUUM ANALYZE crm_notes');
      ctx.log(`${contacts} contacts and ${notes} notes in ${Math.round((performance.now() - started) / 1000)} s`);
      for (const [name, term] of Object.entries(terms)) {
        plans[name] = await explainSearch(db.url, term);
        const [phone, phoneBindings] = phoneCondition(term) ?? ['false', []];
        const [{ count }] = (
          await knex.raw(
            `SELECT count(*)::int AS count FROM contacts WHERE search_text LIKE lower(funil_unaccent(?)) OR ${phone}
               OR id IN (SELECT contact_id FROM crm_notes WHERE search_text LIKE lower(funil_unaccent(?)))`,
            [`%${term}%`, ...phoneBindings, `%${term}%`],
          )
        ).rows;
        matches = { ...matches, [name]: count };
      }
    } finally {
      await knex.destroy();
    }

    funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: {} });
    const headers = await signIn(funil.url);
    const rows: BenchRow[] = [];
    const runs = [
      ...Object.entries(terms).map(([name, term]) => ({ name, term, total: false })),
      { name: 'common', term: terms.common, total: true },
    ];
    for (const { name, term, total } of runs) {
      const query = `search=${encodeURIComponent(term)}&limit=50${total ? '&includeTotal=true' : ''}`;
      const scenario: Scenario = {
        name: `contacts search, ${name}`,
        kind: 'read',
        method: 'GET',
        paths: [`/api/crm/contacts?${query}`],
        shape: '',
      };
      rows.push(
        await p99Row(
          funil,
          scenario,
          headers,
          CONNECTIONS,
          seconds,
          `contacts search, ${name} term ("${term}", ${matches[name]} matches)${total ? `, with its total (capped at ${SEARCH_TOTAL_CAP.toLocaleString('en')})` : ''}`,
        ),
      );
    }
    return {
      title: `Contacts search at ${contacts.toLocaleString('en')} contacts (PostgreSQL)`,
      setup: [
        `PostgreSQL (a database of its own), ${contacts} contacts with Brazilian names (about 7.5% called João), seeded by SQL; a note on one contact in ${NOTE_EVERY} naming the contact ("Liguei para <name>: pediu orçamento...", one in four with "orçamento"), found by the search too`,
        'Funil as a child process (NODE_ENV=production, job workers off), GET /api/crm/contacts?search=…&limit=50 (first page; no total but on the last row)',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s after a 1 s warm-up`,
      ],
      rows,
      details: { plans, matches },
    };
  } finally {
    await funil?.stop().catch(() => undefined);
    bundle.cleanup();
    await db.drop();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statement the contact list runs for `term` (its first page of 50), captured from
 * knex: its generic plan, the one the server runs (a named prepared statement: after five runs PostgreSQL plans it
 * once, the same plan for every text).
 */
async function explainSearch(url: string, term: string): Promise<string[]> {
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 }, ...knexSnakeCaseMappers() });
  try {
    const statements: { sql: string; bindings: unknown[] }[] = [];
    knex.on('query', (query: { sql: string; bindings: unknown[] }) => statements.push(query));
    await new KnexContactRepository({ db: knex } as unknown as KnexUnitOfWork).list({ search: term }, { limit: 50 });
    const { sql, bindings } = statements.at(-1)!;
    type Connection = {
      query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, string>[] }>;
      escapeLiteral(value: string): string;
    };
    const connection = (await knex.client.acquireConnection()) as Connection;
    try {
      const literal = (value: unknown) => (typeof value === 'string' ? connection.escapeLiteral(value) : String(value));
      await connection.query(`PREPARE explained AS ${sql}`);
      await connection.query('SET plan_cache_mode = force_generic_plan');
      const { rows } = await connection.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE explained(${bindings.map(literal).join(', ')})`,
      );
      await connection.query('DEALLOCATE explained');
      await connection.query('RESET plan_cache_mode');
      return rows.map((r) => r['QUERY PLAN']);
    } finally {
      await (knex.client as Knex.Client).releaseConnection(connection);
    }
  } finally {
    await knex.destroy();
  }
}
