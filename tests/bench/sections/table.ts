import { CONTACT_SORTS } from '../../../src/domain/contacts/contact';
import { sortIndexSql } from '../../../src/infrastructure/custom-fields/knex-custom-field.repository';
import { p99Row, signIn, spawnFunil } from '../http/load';
import type { Scenario } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { seedBrazilianContacts } from '../support/brazilian-contacts';
import { prepareBenchDatabase } from '../support/crm-data';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;
const PAGE = 50;
/** The deep page: the one after this many pages, as someone scrolling a long table reaches it. */
const DEEP = 20;
const SORTS = [...CONTACT_SORTS, 'customFields.rank', 'customFields.segment'];

/**
 * Issue 27: the contacts table ordered by each sortable column and by a custom field (a number two contacts in three
 * hold, a choice every other one holds), at 100,000 contacts, under 32 connections: the first page and a page deep
 * in the list (its cursor found by walking to it), both ways, against the lists' target (p99 under 100 ms).
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const contacts = Number(process.env.BENCH_TABLE_CONTACTS ?? (ctx.quick ? 5_000 : 100_000));
  const seconds = ctx.quick ? 2 : 10;
  const bundle = await bundleServers();
  const rows: BenchRow[] = [];
  let funil: BenchServer | undefined;
  try {
    const db = await prepareBenchDatabase(ctx, 'table', async (knex, owners) => {
      await seedBrazilianContacts(knex, contacts, owners);
      await knex('custom_fields').insert([
        { entity: 'contact', key: 'rank', label_pt: 'Posição', label_en: 'Rank', type: 'number', position: 1 },
        {
          entity: 'contact',
          key: 'segment',
          label_pt: 'Segmento',
          label_en: 'Segment',
          type: 'select',
          options: JSON.stringify(
            ['varejo', 'industria', 'servicos'].map((key) => ({ key, label: { pt: key, en: key }, retired: false })),
          ),
          position: 2,
        },
      ]);
      // As the app makes them with each field.
      await knex.raw(sortIndexSql({ entity: 'contact', key: 'rank', type: 'number' }));
      await knex.raw(sortIndexSql({ entity: 'contact', key: 'segment', type: 'select' }));
      await knex.raw(`UPDATE contacts SET custom_fields = jsonb_strip_nulls(jsonb_build_object(
          'rank', CASE WHEN id % 3 <> 0 THEN (id * 7919) % 1000 END,
          'segment', CASE WHEN id % 2 = 0 THEN (array['varejo','industria','servicos'])[1 + id % 3] END))`);
    });
    try {
      funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: {} });
      const headers = await signIn(funil.url);
      // The yardstick, in the same run: the list in its own order (newest first), no sort.
      const newest = `/api/crm/contacts?limit=${PAGE}`;
      const baseline: Scenario = { name: 'newest first', kind: 'read', method: 'GET', paths: [newest], shape: '' };
      rows.push(
        await p99Row(
          funil,
          baseline,
          headers,
          CONNECTIONS,
          seconds,
          `contacts newest first (no sort), first page of ${PAGE}`,
        ),
      );
      for (const sort of SORTS)
        for (const order of ['asc', 'desc']) {
          const first = `/api/crm/contacts?sort=${sort}&order=${order}&limit=${PAGE}`;
          let cursor: string | null = null;
          for (let i = 0; i < DEEP; i++) {
            const after: string = cursor ? `&cursor=${cursor}` : '';
            const res: Response = await fetch(`${funil.url}${first}${after}`, { headers });
            if (res.status !== 200) throw new Error(`${first}: ${res.status} ${await res.text()}`);
            cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
          }
          for (const [where, path] of [
            ['first page', first],
            [`page ${DEEP + 1}`, `${first}&cursor=${cursor}`],
          ] as const) {
            const name = `contacts by ${sort} ${order}, ${where} of ${PAGE}`;
            const scenario: Scenario = { name, kind: 'read', method: 'GET', paths: [path], shape: '' };
            rows.push(await p99Row(funil, scenario, headers, CONNECTIONS, seconds, name));
          }
        }
    } finally {
      await funil?.stop().catch(() => undefined);
      await db.drop();
    }
    return {
      title: `The contacts table in each order at ${contacts.toLocaleString('en')} contacts (PostgreSQL)`,
      setup: [
        `PostgreSQL (a database of its own), ${contacts} contacts with Brazilian names seeded by SQL; a number field held by two in three, a choice field by one in two`,
        'Funil as a child process (NODE_ENV=production, job workers off)',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s after a 1 s warm-up; the deep page's cursor found by walking ${DEEP} pages first`,
      ],
      rows,
    };
  } finally {
    bundle.cleanup();
  }
}
