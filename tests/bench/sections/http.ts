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
/** A team's load: this many signed-in users share the connections (issue 31's "as a team loads it"). */
const TEAM = 10;
const TEAM_TARGETS: Record<Scenario['kind'], number> = { session: 0.65, read: 0.75, write: 0.85 };

interface Mode {
  name: string;
  funil: BenchServer;
  headers: Record<string, string> | Record<string, string>[];
  targets: Record<Scenario['kind'], number>;
  /** Added to each row's name. */
  suffix: string;
}

type Figures = Map<string, { funil: LoadFigures[]; bare: LoadFigures[] }>;

/** Warms both servers (JIT, pools), then rounds; within a round each scenario on both, the first one alternating. */
async function measure(
  mode: Mode,
  bare: BenchServer,
  list: Scenario[],
  rounds: number,
  seconds: number,
  log: (line: string) => void,
): Promise<Figures> {
  for (const scenario of list)
    for (const server of [mode.funil, bare]) await load(server, scenario, mode.headers, CONNECTIONS, 1);
  const figures: Figures = new Map(list.map((s) => [s.name, { funil: [], bare: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [i, scenario] of list.entries()) {
      const order = (round + i) % 2 ? ['bare', 'funil'] : ['funil', 'bare'];
      for (const which of order as ('funil' | 'bare')[]) {
        const server = which === 'funil' ? mode.funil : bare;
        figures.get(scenario.name)![which].push(await load(server, scenario, mode.headers, CONNECTIONS, seconds));
      }
    }
    log(`${mode.name}: round ${round + 1} of ${rounds} done`);
  }
  return figures;
}

/** A scenario's row in one mode: medians of the rounds, the ratio, and its target. */
function row(
  scenario: Scenario,
  mode: Mode,
  { funil: f, bare: b }: { funil: LoadFigures[]; bare: LoadFigures[] },
  captured: CapturedRoute[],
  identical: boolean | undefined,
): BenchRow {
  const m = (runs: LoadFigures[], key: 'reqPerSec' | 'p50' | 'p99' | 'cpuMsPerRequest' | 'failures') =>
    median(runs.map((r) => r[key]));
  const ratio = m(f, 'reqPerSec') / m(b, 'reqPerSec');
  const failures = m(f, 'failures') + m(b, 'failures');
  const target = mode.targets[scenario.kind];
  return {
    measure: scenario.name + mode.suffix,
    values: {
      'Funil req/s': Math.round(m(f, 'reqPerSec')),
      'bare req/s': Math.round(m(b, 'reqPerSec')),
      ratio: ratio.toFixed(2),
      'Funil p50 / p99 ms': `${m(f, 'p50')} / ${m(f, 'p99')}`,
      'bare p50 / p99 ms': `${m(b, 'p50')} / ${m(b, 'p99')}`,
      'CPU ms/req Funil / bare': `${m(f, 'cpuMsPerRequest').toFixed(2)} / ${m(b, 'cpuMsPerRequest').toFixed(2)}`,
      statements: captured.find((c) => c.scenario === scenario)!.statements.length,
      'same JSON': identical ? 'yes' : 'NO',
      ...(failures ? { failures } : {}),
    },
    target: {
      text: `at least ${target}x the bare server`,
      met: ratio >= target && !failures && identical === true,
    },
  };
}

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
        const equal =
          got.status === expected.status &&
          isDeepStrictEqual(comparable(got.body, scenario), comparable(expected.body, scenario));
        if (!equal)
          ctx.log(
            `bare answer differs from Funil's: ${scenario.name} ${path}: ${firstDifference(comparable(got.body, scenario), comparable(expected.body, scenario))}`,
          );
        same &&= equal;
      }
      identical.set(scenario.name, same);
    }

    // A team: the admin and nine more people (their password the admin's), each signed in to a Funil with the
    // per-user limits at their defaults, on the same database.
    const team = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: size, defaultLimits: true });
    servers.push(team);
    const teamHeaders = [await signIn(team.url)];
    const admins = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 1 } });
    await admins.raw(
      `INSERT INTO users (username, password, name, role, initials)
       SELECT 'team' || g, (SELECT password FROM users WHERE username = 'admin'), 'Team ' || g, 'admin', 'TM'
       FROM generate_series(2, ?) g ON CONFLICT DO NOTHING`,
      [TEAM],
    );
    await admins.destroy();
    for (let i = 2; i <= TEAM; i++) teamHeaders.push(await signIn(team.url, `team${i}`));

    const modes: Mode[] = [
      { name: 'one session', funil, headers, targets: TARGETS, suffix: '' },
      { name: `${TEAM} users`, funil: team, headers: teamHeaders, targets: TEAM_TARGETS, suffix: ` (${TEAM} users)` },
    ];
    const rows: BenchRow[] = [];
    const roundsByMode: Record<string, unknown> = {};
    for (const mode of modes) {
      ctx.log(`mode: ${mode.name}`);
      const figures = await measure(mode, bare, list, rounds, seconds, (line) => ctx.log(line));
      roundsByMode[mode.name] = Object.fromEntries(figures);
      rows.push(
        ...list.map((scenario) =>
          row(scenario, mode, figures.get(scenario.name)!, captured, identical.get(scenario.name)),
        ),
      );
    }
    return {
      title: 'HTTP: Funil against a bare node:http + pg server (PostgreSQL)',
      setup: [
        `PostgreSQL (a database of its own), ${describeData(size)}`,
        `Funil: the release bundle's app, NODE_ENV=production, LOG_LEVEL=warn, pool of 10, job workers off, signed in as the demo admin`,
        'Bare: node:http + pg (pool of 10) running the statements Funil ran for the same request (captured from its knex; a named prepared statement under the same name), answering the same JSON (column "same JSON")',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s per run, ${rounds} round(s), the two servers alternating which runs first; medians of the rounds`,
        `Two loads: one signed-in session (the per-user limits raised, so 32 connections are not queued behind each other), and a team: ${TEAM} signed-in users (admins), each request sent as the next of them in turn, the per-user limits at their defaults (rows "(${TEAM} users)"); the bare server answers both alike`,
        "CPU ms/req: the server process's user + system CPU time over the run divided by the requests answered",
        `Targets: one session, every read at least ${TARGETS.read}x the bare server, the session check ${TARGETS.session}x, writes ${TARGETS.write}x; a team, reads ${TEAM_TARGETS.read}x, the session check ${TEAM_TARGETS.session}x, writes ${TEAM_TARGETS.write}x (issue 31)`,
      ],
      rows,
      details: {
        rounds: roundsByMode,
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

/** BENCH_HTTP_ONLY=<part of a scenario name>[|<another>...]: those scenarios only (profiling, development). */
const only = (list: Scenario[]) => {
  const parts = process.env.BENCH_HTTP_ONLY?.split('|').filter(Boolean);
  return parts?.length ? list.filter((s) => parts.some((part) => s.name.includes(part))) : list;
};

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

/** Where two answers first differ (a path and both values), for the log. */
function firstDifference(got: unknown, expected: unknown, at = '$'): string {
  if (isDeepStrictEqual(got, expected)) return '';
  if (got && expected && typeof got === 'object' && typeof expected === 'object') {
    const keys = new Set([...Object.keys(got), ...Object.keys(expected)]);
    for (const key of keys) {
      const found = firstDifference(
        (got as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (found) return found;
    }
    return `${at}: key order (${Object.keys(got).join(',')} / ${Object.keys(expected).join(',')})`;
  }
  return `${at}: bare ${JSON.stringify(got)?.slice(0, 120)}, Funil ${JSON.stringify(expected)?.slice(0, 120)}`;
}
