import knexFactory, { type Knex } from 'knex';
import { p99Row, signIn, spawnFunil } from '../http/load';
import type { Scenario } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { CRM_DATA, QUICK_CRM_DATA, createBenchDatabase, describeData } from '../support/crm-data';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;
const HOME_SECTIONS = ['agenda', 'no-next-step', 'pipeline', 'goal', 'recent-contacts'] as const;

/**
 * What the home reads beyond the bench's CRM data (which has no close dates, no activity on a deal, every pending
 * activity due in an hour and no history): open deals' close dates over six months and last changes over 60 days,
 * one pending activity in ten on a deal, due dates from 15 days ago to 15 days ahead, a timeline of 200,000
 * entries (each contact created by its owner, and updated by someone), and six months of goals for everyone.
 */
export async function seedHome(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE deals SET expected_close_date = (now() + ((id % 180) - 90) * interval '1 day')::date,
                     updated_at = now() - (id % 60) * interval '1 day'`);
  await knex.raw(`
    UPDATE activities SET due_date = now() + ((id % 31) - 15) * interval '1 day' + (id % 24) * interval '1 hour',
                          deal_id = CASE WHEN id % 10 = 0 THEN (SELECT min(id) FROM deals) + id % (SELECT count(*) FROM deals) END
     WHERE status = 'pending'`);
  await knex.raw(`
    INSERT INTO crm_timeline (entity_type, entity_id, action, entity_name, contact_id, user_id, at)
    SELECT 'contact', c.id, 'created', c.name, c.id, c.owner_id, c.created_at FROM contacts c`);
  await knex.raw(`
    INSERT INTO crm_timeline (entity_type, entity_id, action, entity_name, changes, contact_id, user_id, at)
    SELECT 'contact', c.id, 'updated', c.name, '[{"field":"status","oldValue":"lead","newValue":"prospect"}]', c.id,
           (SELECT min(id) FROM users WHERE username LIKE 'bench%')
             + (c.id * 7) % (SELECT count(*) FROM users WHERE username LIKE 'bench%'), now() - (c.id % 90) * interval '1 hour'
    FROM contacts c`);
  await knex.raw(`
    INSERT INTO crm_goals (month, user_id, won_value, won_count, activities_done)
    SELECT to_char(now() - m * interval '1 month', 'YYYY-MM'), u.id, 50000 + u.id * 1000, 5, 200
    FROM users u CROSS JOIN generate_series(0, 5) m
    ON CONFLICT DO NOTHING`);
  // The updates above left a dead version of every deal and pending activity: vacuumed, as autovacuum would.
  await knex.raw('VACUUM ANALYZE');
}

/**
 * Issue 25: the home's requests, one per section, at 100,000 contacts and 20,000 deals under 32 connections, for the
 * whole team (the demo admin, no person) and for one salesperson (an admin choosing a person), each section alone
 * and the home's whole first load (the five seller sections and the team's, each connection in turn).
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const size = ctx.quick ? QUICK_CRM_DATA : CRM_DATA;
  const seconds = ctx.quick ? 2 : 10;
  const db = await createBenchDatabase(ctx.postgresUrl, 'home');
  const bundle = await bundleServers();
  let funil: BenchServer | undefined;
  try {
    funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: size });
    const knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 1 } });
    let person: number;
    try {
      await seedHome(knex);
      person = (await knex('users').where({ username: 'bench1' }).first('id')).id as number;
    } finally {
      await knex.destroy();
    }
    const headers = await signIn(funil.url);
    const path = (section: string, userId?: number) => `/api/home/${section}${userId ? `?userId=${userId}` : ''}`;
    const scenario = (name: string, paths: string[]): Scenario => ({
      name,
      kind: 'read',
      method: 'GET',
      paths,
      shape: '',
    });
    const list: Scenario[] = [
      ...HOME_SECTIONS.map((s) => scenario(`${s}, the team`, [path(s)])),
      ...HOME_SECTIONS.map((s) => scenario(`${s}, one salesperson`, [path(s, person)])),
      scenario('team', [path('team')]),
      scenario('the whole home, the team (six sections in turn)', [...HOME_SECTIONS.map((s) => path(s)), path('team')]),
      scenario(
        'the whole home, one salesperson (five sections in turn)',
        HOME_SECTIONS.map((s) => path(s, person)),
      ),
    ];
    const rows: BenchRow[] = [];
    for (const item of list) {
      rows.push(await p99Row(funil, item, headers, CONNECTIONS, seconds, `GET /api/home: ${item.name}`));
    }
    // The same server with its cache off: what each look costs when a write has just cleared the cache (every
    // write does), so no answer comes from memory. For the record: the target is the cached server's.
    await funil.stop();
    funil = undefined;
    funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: size, env: { READ_CACHE_SECONDS: '0' } });
    const uncachedHeaders = await signIn(funil.url);
    for (const item of [list.at(-3)!, list.at(-2)!, list.at(-1)!]) {
      const row = await p99Row(
        funil,
        item,
        uncachedHeaders,
        CONNECTIONS,
        seconds,
        `GET /api/home: ${item.name}, cache off`,
      );
      rows.push({ measure: row.measure, values: row.values });
    }
    return {
      title: 'The home (PostgreSQL)',
      setup: [
        `PostgreSQL (a database of its own), ${describeData(size)}; for the home: open deals' close dates over six months and last changes over 60 days, one pending activity in ten on a deal, due dates from 15 days ago to 15 days ahead, 200,000 timeline entries, six months of goals`,
        'Funil as a child process (NODE_ENV=production, job workers off), signed in as the demo admin: the team is no userId, one salesperson is userId of one of the 20 (an admin choosing a person)',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s after a 1 s warm-up; p99 per request`,
        'the sections are cached (forgotten on any write, 30 s at most otherwise): the rows above repeat a look with nothing written meanwhile; the last three rows are a second server with READ_CACHE_SECONDS=0, every look read from the database as right after a write (no target)',
      ],
      rows,
    };
  } finally {
    await funil?.stop().catch(() => undefined);
    bundle.cleanup();
    await db.drop();
  }
}
