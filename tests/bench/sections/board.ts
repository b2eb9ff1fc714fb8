import { p99Row, signIn, spawnFunil } from '../http/load';
import { BOARD_STAGES, type Scenario } from '../http/scenarios';
import { bundleServers, type BenchServer } from '../http/servers';
import { CRM_DATA, QUICK_CRM_DATA, createBenchDatabase, describeData } from '../support/crm-data';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

const CONNECTIONS = 32;

/**
 * Issue 15: the board as it loads: the stage summary (read from deal_stage_totals when unfiltered) and every
 * column's first page (by position), with 20,000 deals, under 32 connections against Funil as a child process.
 */
export async function run(ctx: BenchContext): Promise<BenchSection> {
  const size = ctx.quick ? QUICK_CRM_DATA : CRM_DATA;
  const seconds = ctx.quick ? 2 : 10;
  const db = await createBenchDatabase(ctx.postgresUrl, 'board');
  const bundle = await bundleServers();
  let funil: BenchServer | undefined;
  try {
    funil = await spawnFunil(bundle.funil, { databaseUrl: db.url, seed: size });
    const headers = await signIn(funil.url);
    const summary = '/api/crm/pipeline-stages/default/summary';
    const columns = BOARD_STAGES.map(
      (stage) => `/api/crm/deals?pipeline=default&stage=${stage}&order=position&limit=50`,
    );
    const list: Scenario[] = [
      { name: 'stage summary', kind: 'read', method: 'GET', paths: [summary], shape: '' },
      {
        name: "stage summary + every column's first page",
        kind: 'read',
        method: 'GET',
        paths: [summary, ...columns],
        shape: '',
      },
    ];
    const rows: BenchRow[] = [];
    for (const scenario of list) {
      rows.push(await p99Row(funil, scenario, headers, CONNECTIONS, seconds, `board: ${scenario.name}`));
    }
    return {
      title: 'The board (PostgreSQL)',
      setup: [
        `PostgreSQL (a database of its own), ${describeData(size)}`,
        'Funil as a child process (NODE_ENV=production, job workers off); each connection takes the summary and the six columns in turn',
        `autocannon, ${CONNECTIONS} connections, ${seconds} s after a 1 s warm-up; p99 per request`,
      ],
      rows,
    };
  } finally {
    await funil?.stop().catch(() => undefined);
    bundle.cleanup();
    await db.drop();
  }
}
