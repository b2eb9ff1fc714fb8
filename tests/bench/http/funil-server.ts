import 'reflect-metadata';
import { loadConfig } from '../../../src/infrastructure/config';
import { startServer } from '../../../src/main/server';
import { seedCrm, type CrmDataSize } from '../support/crm-data';

/**
 * Funil as `npm run serve` runs it (same config from the environment, same app), for the bench's HTTP
 * sections, spawned with an IPC channel. Job workers off: a measured request is all the process does.
 *
 * - BENCH_SEED (JSON CrmDataSize): generate the bench's data set first, when the database has none yet.
 * - IPC in: { type: 'capture', on } records every statement knex sends (SQL with $n and its values) until
 *   turned off, and answers { type: 'statements', statements }; { type: 'cpu' } answers process.cpuUsage().
 * - IPC out: { type: 'ready', url } once listening.
 */
interface Statement {
  sql: string;
  bindings: unknown[];
  name?: string;
}

const config = loadConfig();
const started = await startServer(config, { runWorkers: false });
const { knex } = started.runtime.db;
if (process.env.BENCH_SEED && !(await knex('users').where({ username: 'bench1' }).first('id'))) {
  // In one transaction past the API's statement timeout (DB_STATEMENT_TIMEOUT_MS), which is set on this pool.
  await knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL statement_timeout = 0');
    await seedCrm(trx, JSON.parse(process.env.BENCH_SEED!) as CrmDataSize);
  });
}

let captured: Statement[] | undefined;
knex.on('query', (query: { sql: string; bindings?: unknown[]; options?: { name?: string } }) =>
  captured?.push({
    sql: query.sql,
    bindings: query.bindings ?? [],
    ...(query.options?.name && { name: query.options.name }),
  }),
);

process.on('message', (message: { type: string; on?: boolean }) => {
  if (message.type === 'capture') {
    if (message.on) {
      captured = [];
      process.send!({ type: 'capturing' });
    } else {
      process.send!({ type: 'statements', statements: captured ?? [] });
      captured = undefined;
    }
  } else if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  else if (message.type === 'stop') void started.stop().then(() => process.exit(0));
});
process.send!({ type: 'ready', url: started.url });
