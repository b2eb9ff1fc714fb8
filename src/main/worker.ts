import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../infrastructure/config';
import { createRuntime } from './container';
import { waitForSchema } from '../infrastructure/db/migrator';
import { createLogger } from '../infrastructure/logger';
import type { JobProcessor } from '../domain/shared/job-queue.port';
import { JOB_PROCESSOR } from '../domain/shared/shared.tokens';
import { exitOnSignals } from '../infrastructure/shutdown';

/** The worker process: every queue's processors, no HTTP, no migrations (the app runs those; it waits for them). */
async function main() {
  const config = loadConfig();
  if (!config.redisUrl) {
    throw new ConfigError('REDIS_URL: the worker process needs Redis; without it `npm start` runs the jobs in-process');
  }
  if (!config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL: the worker process needs PostgreSQL; the embedded database belongs to the app process',
    );
  }
  const logger = createLogger(config.logLevel).child({ process: 'worker' });
  const runtime = await createRuntime(config, logger);
  const stopping = new AbortController();
  exitOnSignals(() => {
    stopping.abort();
    return runtime.close();
  }, logger);
  // Started before the app has migrated (compose starts both at once): no job runs on missing tables.
  if (!(await waitForSchema(runtime.db.knex, { logger, signal: stopping.signal }))) return;
  await runtime.workerHost.start(runtime.container.getAll<JobProcessor>(JOB_PROCESSOR));
  logger.info({ node: process.version }, 'worker started');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof ConfigError ? 78 : 1);
  });
}
