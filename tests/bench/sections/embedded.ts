import knexFactory from 'knex';
import { load, signIn, spawnFunil, type LoadFigures } from '../http/load';
import { scenarios } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { CRM_DATA, QUICK_CRM_DATA, createBenchDatabase, describeData } from '../support/crm-data';
import { median } from '../support/runtime';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

/**
 * The embedded default: Funil on PGlite (one connection, in the server's process) answering the read
 * scenarios of the HTTP section one request at a time (autocannon, 1 connection), beside the same Funil on
 * PostgreSQL under the same load. Alternating runs, medians of the rounds.
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const size = ctx.quick ? QUICK_CRM_DATA : CRM_DATA;
  const rounds = ctx.quick ? 1 : 2;
  const seconds = ctx.quick ? 1 : 3;
  const db = await createBenchDatabase(ctx.postgresUrl, 'embedded');
  const bundle = await bundleServers();
  const servers: BenchServer[] = [];
  try {
    const started = performance.now();
    const [pglite, postgres] = await Promise.all([
      spawnFunil(bundle.funil, { seed: size }).then((s) => (servers.push(s), s)),
      spawnFunil(bundle.funil, { databaseUrl: db.url, seed: size }).then((s) => (servers.push(s), s)),
    ]);
    ctx.log(`both up, data sets generated in ${Math.round((performance.now() - started) / 1000)} s`);
    const headers = { pglite: await signIn(pglite.url), postgres: await signIn(postgres.url) };
    const admin = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 1 } });
    const { id: assignee } = await admin('users').where({ username: 'bench1' }).first('id');
    await admin.destroy();
    // The same ids on both (generated the same way on an empty database).
    const list = scenarios(assignee).filter((s) => s.kind !== 'write');

    for (const scenario of list) {
      await load(pglite, scenario, headers.pglite, 1, 1);
      await load(postgres, scenario, headers.postgres, 1, 1);
    }
    const figures = new Map(list.map((s) => [s.name, { pglite: [] as LoadFigures[], postgres: [] as LoadFigures[] }]));
    for (let round = 0; round < rounds; round++) {
      for (const [i, scenario] of list.entries()) {
        const order = (round + i) % 2 ? (['postgres', 'pglite'] as const) : (['pglite', 'postgres'] as const);
        for (const which of order) {
          const figure = figures.get(scenario.name)!;
          figure[which].push(await load(which === 'pglite' ? pglite : postgres, scenario, headers[which], 1, seconds));
        }
      }
      ctx.log(`round ${round + 1} of ${rounds} done`);
    }
    const rows: BenchRow[] = list.map((scenario) => {
      const { pglite: e, postgres: p } = figures.get(scenario.name)!;
      const m = (runs: LoadFigures[], key: 'reqPerSec' | 'p50' | 'p99' | 'cpuMsPerRequest' | 'failures') =>
        median(runs.map((r) => r[key]));
      const failures = m(e, 'failures') + m(p, 'failures');
      return {
        measure: scenario.name,
        values: {
          'PGlite req/s': Math.round(m(e, 'reqPerSec')),
          'PGlite p50 / p99 ms': `${m(e, 'p50')} / ${m(e, 'p99')}`,
          'PGlite CPU ms/req': m(e, 'cpuMsPerRequest').toFixed(2),
          'PostgreSQL req/s': Math.round(m(p, 'reqPerSec')),
          'PostgreSQL p50 / p99 ms': `${m(p, 'p50')} / ${m(p, 'p99')}`,
          'PGlite / PostgreSQL': (m(e, 'reqPerSec') / m(p, 'reqPerSec')).toFixed(2),
          ...(failures ? { failures } : {}),
        },
      };
    });
    return {
      title: 'Embedded PGlite: the read scenarios at one connection, beside PostgreSQL',
      setup: [
        `Each its own data set: ${describeData(size)}`,
        'Funil as in the HTTP section (NODE_ENV=production, LOG_LEVEL=warn, job workers off); PGlite on disk in a temporary DATA_DIR',
        `autocannon, 1 connection, ${seconds} s per run, ${rounds} round(s), PGlite and PostgreSQL alternating which runs first; medians`,
        'PGlite CPU ms/req includes the database, which runs in the server process; on PostgreSQL it does not',
      ],
      rows,
      details: { rounds: Object.fromEntries(figures) },
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    bundle.cleanup();
    await db.drop();
  }
}
