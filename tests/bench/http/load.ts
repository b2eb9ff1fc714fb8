import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { freePort } from '../../support/free-port';
import type { BenchRow } from '../support/section';
import type { Scenario } from './scenarios';
import { spawnServer, type BenchServer } from './servers';

export const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** One autocannon run against one server: its figures and the server's CPU time per request. */
export interface LoadFigures {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Server CPU (user + system) per answered request, ms. */
  cpuMsPerRequest: number;
  /** Answers other than 2xx, errors and timeouts: a run with any is not a fair figure. */
  failures: number;
  /** Answers by status code, when any failed. */
  statuses?: Record<string, number>;
}

/** Funil as production runs it (NODE_ENV=production, LOG_LEVEL=warn, its own port and PUBLIC_URL), on databaseUrl or embedded in dataDir. */
export async function spawnFunil(
  file: string,
  options: {
    databaseUrl?: string;
    seed: object;
    env?: Record<string, string>;
    /** A team's load (many users): the per-user limits left at their defaults. */
    defaultLimits?: boolean;
  },
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'funil-bench-data-'));
  const server = await spawnServer('funil', file, {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET,
    DEMO: '1',
    DATABASE_URL: options.databaseUrl ?? '',
    DATA_DIR: dataDir,
    REDIS_URL: '',
    TRUST_PROXY: '0',
    // One signed-in user standing for the many a real load has: the per-user concurrency limit (2 at once) would
    // queue the bench's 32 connections behind each other. A team's load (defaultLimits) keeps it.
    ...(!options.defaultLimits && { API_CONCURRENCY_PER_USER: '1000' }),
    BENCH_SEED: JSON.stringify(options.seed),
    ...options.env,
  }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in (as the demo admin by default); the headers every later request sends (cookie, same origin). */
export async function signIn(url: string, username = 'admin'): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password: 'admin1234' }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, origin: url };
}

export async function call(
  url: string,
  scenario: Scenario,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url + path, {
    method: scenario.method,
    headers: { ...headers, origin: url, ...(scenario.body !== undefined && { 'content-type': 'application/json' }) },
    body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * `seconds` of `connections` connections asking for the scenario's paths. `headers` as one user's, or a team's: a
 * list of users' headers, each request sent as the next user in turn (so the load is spread evenly over them).
 */
export async function load(
  server: BenchServer,
  scenario: Scenario,
  headers: Record<string, string> | Record<string, string>[],
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const team = Array.isArray(headers) ? headers : [headers];
  const headersOf = (user: Record<string, string>) => ({
    ...user,
    origin: server.url,
    ...(scenario.body !== undefined && { 'content-type': 'application/json' }),
  });
  const built = team.map(headersOf);
  let turn = 0;
  const cpuBefore = await server.cpu();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: scenario.paths.map((p) => ({
      method: scenario.method,
      path: p,
      headers: built[0],
      body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
      ...(team.length > 1 && {
        setupRequest: (request: CannonRequest) => ({ ...request, headers: built[turn++ % built.length] }),
      }),
    })),
  });
  const cpuMs = ((await server.cpu()) - cpuBefore) / 1000;
  const requests = result.requests.total as number;
  return {
    requests,
    reqPerSec: requests / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: requests ? cpuMs / requests : 0,
    failures: result.non2xx + result.errors + result.timeouts,
    ...(result.non2xx + result.errors + result.timeouts > 0 && {
      statuses: {
        ...Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
        errors: result.errors,
        timeouts: result.timeouts,
      },
    }),
  };
}

/** A second of warm-up, then `seconds` of load: a section's row, its target a p99 under 100 ms with no failure. */
export async function p99Row(
  server: BenchServer,
  scenario: Scenario,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  measure: string,
): Promise<BenchRow> {
  await load(server, scenario, headers, connections, 1);
  const figures = await load(server, scenario, headers, connections, seconds);
  return {
    measure,
    values: {
      'req/s': Math.round(figures.reqPerSec),
      'p50 ms': figures.p50,
      'p99 ms': figures.p99,
      'CPU ms/req': figures.cpuMsPerRequest.toFixed(2),
      failures: figures.failures,
    },
    target: { text: 'p99 under 100 ms', met: figures.p99 < 100 && !figures.failures },
  };
}
