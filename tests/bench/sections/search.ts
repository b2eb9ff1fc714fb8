import knexFactory from 'knex';
import { migrateLatest } from '../../../src/infrastructure/db/migrator';
import { load, signIn, spawnFunil } from '../http/load';
import type { Scenario } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { rareTerm, seedBrazilianContacts } from '../support/brazilian-contacts';
import { createBenchDatabase } from '../support/crm-data';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;
const SEARCH_TEXT = 'funil_contact_search_text(name, email, company, phone)';

/**
 * Issue 15: the contact list's search (first page, 50, newest first) at 1,000,000 contacts with realistic
 * Brazilian names (about 7.5% called João), for a rare term and a common one, under 32 connections against
 * Funil as a child process; the plans with EXPLAIN (ANALYZE, BUFFERS).
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
    const terms = { rare, common: 'João' };
    const plans: Record<string, string[]> = {};
    let matches: Record<string, number> = {};
    try {
      await migrateLatest(knex);
      await knex.raw(`INSERT INTO users (username, password, name, role, initials) SELECT 'bench' || g, 'not-a-hash', 'Bench User ' || g, 'employee', 'BU' FROM generate_series(1, 20) g`);
      const owners = (await knex('users').pluck('id')) as number[];
      // Built once after the rows rather than row by row: the same index, generated in a fraction of the time.
      const started = performance.now();
      await knex.raw('DROP INDEX contacts_search_trgm_index');
      await seedBrazilianContacts(knex, contacts, owners);
      await knex.raw(`CREATE INDEX contacts_search_trgm_index ON contacts USING gin (${SEARCH_TEXT} gin_trgm_ops)`);
      await knex.raw('VACUUM ANALYZE contacts');
      ctx.log(`${contacts} contacts in ${Math.round((performance.now() - started) / 1000)} s`);
      for (const [name, term] of Object.entries(terms)) {
        const sql = `SELECT id FROM contacts WHERE ${SEARCH_TEXT} LIKE lower(funil_unaccent(?)) ORDER BY id DESC LIMIT 51`;
        const { rows } = (await knex.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, [`%${term}%`])) as { rows: { 'QUERY PLAN': string }[] };
        plans[name] = rows.map((r) => r['QUERY PLAN']);
        const [{ count }] = (await knex.raw(`SELECT count(*)::int AS count FROM contacts WHERE ${SEARCH_TEXT} LIKE lower(funil_unaccent(?))`, [`%${term}%`])).rows;
        matches = { ...matches, [name]: count };
      }
    } finally {
      await knex.destroy();
    }

    funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: {} });
    const headers = await signIn(funil.url);
    const rows: BenchRow[] = [];
    for (const [name, term] of Object.entries(terms)) {
      const scenario: Scenario = { name: `contacts search, ${name}`, kind: 'read', method: 'GET', paths: [`/api/crm/contacts?search=${encodeURIComponent(term)}&limit=50`], shape: '' };
      await load(funil, scenario, headers, CONNECTIONS, 1);
      const figures = await load(funil, scenario, headers, CONNECTIONS, seconds);
      rows.push({
        measure: `contacts search, ${name} term ("${term}", ${matches[name]} matches)`,
        values: { 'req/s': Math.round(figures.reqPerSec), 'p50 ms': figures.p50, 'p99 ms': figures.p99, 'CPU ms/req': figures.cpuMsPerRequest.toFixed(2), failures: figures.failures },
        target: { text: 'p99 under 100 ms', met: figures.p99 < 100 && !figures.failures },
      });
    }
    return {
      title: `Contacts search at ${contacts.toLocaleString('en')} contacts (PostgreSQL)`,
      setup: [
        `PostgreSQL (a database of its own), ${contacts} contacts with Brazilian names (about 7.5% called João), seeded by SQL`,
        'Funil as a child process (NODE_ENV=production, job workers off), GET /api/crm/contacts?search=…&limit=50 (first page, no total)',
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
