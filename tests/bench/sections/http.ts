import { writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import knexFactory from 'knex';
import { call, load, signIn, spawnFunil, type LoadFigures } from '../http/load';
import { scenarios, type Scenario } from '../http/scenarios';
import { bundleServers, spawnServer, type BenchServer, type Statement } from '../http/servers';
import { CRM_DATA, QUICK_CRM_DATA, createBenchDatabase, describeData } from '../support/crm-data';
import { median } from '../support/runtime';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;
const TARGETS: Record<Scenario['kind'], number> = { session: 0.6, read: 0.8, write: 0.7 };

/**
 * Issue 15's comparison: Funil against a bare node:http + pg server that runs the statements Funil runs
 * (captured from Funil's own knex for each request) and answers the same JSON (checked before measuring), both
 * child processes on one PostgreSQL database, under the same autocannon load, in alternating runs over several
 * rounds. Medians of the rounds; the ratio is Funil's req/s over the bare server's.
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const size = ctx.quick ? QUICK_CRM_DATA : CRM_DATA;
  const rounds = Number(process.env.BENCH_HTTP_ROUNDS ?? (ctx.quick ? 1 : 3));
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? (ctx.quick ? 1 : 5));
  const db = await createBenchDatabase(ctx.postgresUrl, 'http');
  const bundle = await bundleServers();
  const servers: BenchServer[] = [];
  try {
    const started = performance.now();
    const funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: size });
    servers.push(funil);
    ctx.log(`Funil up, data set generated in ${Math.round((performance.now() - started) / 1000)} s`);
    const headers = await signIn(funil.url);
    const admin = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 1 } });
    const { id: assignee } = await admin('users').where({ username: 'bench1' }).first('id');
    await admin.destroy();
    const list = only(scenarios(assignee));

    // The statements of one request of each kind, and Funil's answer to it.
    const captured = await captureRoutes(funil, list, headers);
    if (process.env.BENCH_HTTP_DUMP) writeFileSync(process.env.BENCH_HTTP_DUMP, JSON.stringify(captured, null, 2));
    const bare = await spawnServer('bare', bundle.bare, { DATABASE_URL: db.url, BARE_POOL_MAX: '10' });
    servers.push(bare);
    await sendRoutes(bare, captured);
    const identical = new Map<string, boolean>();
    for (const scenario of list) {
      let same = true;
      for (const path of scenario.paths) {
        // A list asked again now (the capture's write added a contact to the first page since); the rest as captured
        // (the reports' periods end at the captured moment, which the bare server's statements keep).
        const expected =
          scenario.shape === 'page'
            ? await call(funil.url, scenario, path, headers)
            : captured.find((c) => c.path === path && c.scenario === scenario)!;
        const got = await call(bare.url, scenario, path, headers);
        same &&=
          got.status === expected.status &&
          isDeepStrictEqual(comparable(got.body, scenario), comparable(expected.body, scenario));
      }
      identical.set(scenario.name, same);
      if (!same) ctx.log(`bare answer differs from Funil's: ${scenario.name}`);
    }

    // Warm both (JIT, pools), then rounds; within a round each scenario on both servers, the first one alternating.
    for (const scenario of list)
      for (const server of [funil, bare]) await load(server, scenario, headers, CONNECTIONS, 1);
    const figures = new Map<string, { funil: LoadFigures[]; bare: LoadFigures[] }>(
      list.map((s) => [s.name, { funil: [], bare: [] }]),
    );
    for (let round = 0; round < rounds; round++) {
      for (const [i, scenario] of list.entries()) {
        const order = (round + i) % 2 ? [bare, funil] : [funil, bare];
        for (const server of order) {
          const figure = figures.get(scenario.name)!;
          figure[server.name as 'funil' | 'bare'].push(await load(server, scenario, headers, CONNECTIONS, seconds));
        }
      }
      ctx.log(`round ${round + 1} of ${rounds} done`);
    }

    const rows: BenchRow[] = list.map((scenario) => {
      const { funil: f, bare: b } = figures.get(scenario.name)!;
      const m = (runs: LoadFigures[], key: 'reqPerSec' | 'p50' | 'p99' | 'cpuMsPerRequest' | 'failures') =>
        median(runs.map((r) => r[key]));
      const ratio = m(f, 'reqPerSec') / m(b, 'reqPerSec');
      const failures = m(f, 'failures') + m(b, 'failures');
      const target = TARGETS[scenario.kind];
      return {
        measure: scenario.name,
        values: {
          'Funil req/s': Math.round(m(f, 'reqPerSec')),
          'bare req/s': Math.round(m(b, 'reqPerSec')),
          ratio: ratio.toFixed(2),
          'Funil p50 / p99 ms': `${m(f, 'p50')} / ${m(f, 'p99')}`,
          'bare p50 / p99 ms': `${m(b, 'p50')} / ${m(b, 'p99')}`,
          'CPU ms/req Funil / bare': `${m(f, 'cpuMsPerRequest').toFixed(2)} / ${m(b, 'cpuMsPerRequest').toFixed(2)}`,
          statements: captured.find((c) => c.scenario === scenario)!.statements.length,
          'same JSON': identical.get(scenario.name) ? 'yes' : 'NO',
          ...(failures ? { failures } : {}),
        },
        target: {
          text: `at least ${target}x the bare server`,
          met: ratio >= target && !failures && identical.get(scenario.name) === true,
        },
      };
    });
    return {
      title: 'HTTP: Funil against a bare node:http + pg server (PostgreSQL)',
      setup: [
        `PostgreSQL (a database of its own), ${describeData(size)}`,
        `Funil: the release bundle's app, NODE_ENV=production, LOG_LEVEL=warn, pool of 10, job workers off, signed in as the demo admin`,
        'Bare: node:http + pg (pool of 10) running the statements Funil ran for the same request (captured from its knex; a named prepared statement under the same name), answering the same JSON (column "same JSON")',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s per run, ${rounds} round(s), the two servers alternating which runs first; medians of the rounds`,
        "CPU ms/req: the server process's user + system CPU time over the run divided by the requests answered",
        'Targets: every read at least 0.8x the bare server, the session-only request 0.6x, writes 0.7x',
      ],
      rows,
      details: {
        rounds: Object.fromEntries(figures),
        statements: Object.fromEntries(
          list.map((s) => [s.name, captured.find((c) => c.scenario === s)!.statements.map((st) => st.sql)]),
        ),
      },
    };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    bundle.cleanup();
    await db.drop();
  }
}

/** BENCH_HTTP_ONLY=<part of a scenario name>: one scenario (profiling, development). */
const only = (list: Scenario[]) =>
  list.filter((s) => !process.env.BENCH_HTTP_ONLY || s.name.includes(process.env.BENCH_HTTP_ONLY));

export interface CapturedRoute {
  scenario: Scenario;
  path: string;
  statements: Statement[];
  status: number;
  body: unknown;
}

/** Asks Funil once for each path, recording the statements it sent and its answer. */
export async function captureRoutes(
  funil: BenchServer,
  list: Scenario[],
  headers: Record<string, string>,
): Promise<CapturedRoute[]> {
  const captured: CapturedRoute[] = [];
  for (const scenario of list) {
    for (const path of scenario.paths) {
      let answer: { status: number; body: unknown } | undefined;
      const statements = await funil.capture(async () => {
        answer = await call(funil.url, scenario, path, headers);
      });
      if (answer!.status >= 300)
        throw new Error(`${scenario.name}: Funil answered ${answer!.status} ${JSON.stringify(answer!.body)}`);
      captured.push({ scenario, path, statements, ...answer! });
    }
  }
  return captured;
}

export async function sendRoutes(bare: BenchServer, captured: CapturedRoute[]): Promise<void> {
  await bare.ask({
    type: 'routes',
    routes: captured.map((c) => ({
      method: c.scenario.method,
      path: c.path,
      statements: c.statements,
      shape: c.scenario.shape,
      status: c.status,
    })),
  });
}

/** A created record differs in its id and time stamps; everything else must match. */
function comparable(body: unknown, scenario: Scenario): unknown {
  if (scenario.kind !== 'write' || !body || typeof body !== 'object') return body;
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = body as Record<string, unknown>;
  return rest;
}
