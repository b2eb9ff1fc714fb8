import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../infrastructure/config';
import { createRuntime, type Runtime } from './container';
import { waitForSchema, watchSchema, type SchemaWatch } from '../infrastructure/db/migrator';
import { createLogger } from '../infrastructure/logger';
import { startMetricsListener, type MetricsListener } from '../infrastructure/metrics/metrics-listener';
import type { JobProcessor } from '../domain/shared/job-queue.port';
import { JOB_PROCESSOR } from '../domain/shared/shared.tokens';
import { exitOnSignals } from '../infrastructure/shutdown';

/** How often a running worker reads the applied migrations (watchSchema). */
const SCHEMA_CHECK_MS = 60_000;

export interface WorkerOptions {
  logger?: Logger;
  /** Overrides the embedded database location (tests; the worker process itself always runs on PostgreSQL). */
  embeddedDataDir?: string;
  /** Between two checks of the applied migrations (tests make it short). */
  schemaCheckMs?: number;
}

export interface StartedWorker {
  runtime: Runtime;
  /** The METRICS_PORT listener's address, when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Resolves true once the jobs run (the schema is there), false when stopped before. */
  ready: Promise<boolean>;
  /** The running worker's schema watch, once `ready`. */
  schemaWatch?: SchemaWatch;
  stop(): Promise<void>;
}

/**
 * The worker: every queue's processors, no HTTP but the metrics listener (METRICS_PORT), no migrations (the app
 * runs those; it waits for them, and pauses its jobs while a newer app's are applied). Returns as soon as the
 * metrics answer; `ready` tells when jobs run.
 */
export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<StartedWorker> {
  const logger = options.logger ?? createLogger(config.logLevel).child({ process: 'worker' });
  const runtime = await createRuntime(config, logger, { embeddedDataDir: options.embeddedDataDir });
  let listener: MetricsListener | undefined;
  try {
    if (runtime.metrics && config.metricsPort !== undefined)
      listener = await startMetricsListener(
        runtime.metrics,
        { host: config.metricsHost ?? '127.0.0.1', port: config.metricsPort },
        logger,
      );
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const stopping = new AbortController();
  let schemaWatch: SchemaWatch | undefined;
  return {
    runtime,
    metricsUrl: listener?.url,
    get schemaWatch() {
      return schemaWatch;
    },
    ready: (async () => {
      // Started before the app has migrated (compose starts both at once): no job runs on missing tables.
      if (!(await waitForSchema(runtime.db.knex, { logger, signal: stopping.signal }))) return false;
      await runtime.workerHost.start(runtime.container.getAll<JobProcessor>(JOB_PROCESSOR));
      if (stopping.signal.aborted) return false;
      schemaWatch = watchSchema(runtime.db.knex, runtime.workerHost, {
        logger,
        everyMs: options.schemaCheckMs ?? SCHEMA_CHECK_MS,
      });
      logger.info({ node: process.version }, 'worker started');
      return true;
    })(),
    async stop() {
      stopping.abort();
      schemaWatch?.stop();
      await listener?.close();
      await runtime.close();
    },
  };
}

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
  const worker = await startWorker(config, { logger });
  exitOnSignals(worker.stop, logger);
  await worker.ready;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof ConfigError ? 78 : 1);
  });
}
