import os from 'node:os';
import pino from 'pino';
import type { Config } from '../../../src/infrastructure/config';
import { createRuntime, type Runtime } from '../../../src/main/container';
import { migrateLatest } from '../../../src/infrastructure/db/migrator';

/**
 * The app's runtime (DI container, database, queue) in the bench's own process, migrated: for sections that
 * time services rather than HTTP. Built here rather than with the server's helper: importing src/main/server.ts
 * into a bundle starts it. Without databaseUrl: embedded PGlite in memory.
 */
export async function openBenchRuntime(options: {
  databaseUrl?: string;
  redisUrl?: string;
  label: string;
}): Promise<Runtime> {
  const config: Config = {
    nodeEnv: 'production',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: options.databaseUrl,
    dataDir: os.tmpdir(),
    redisUrl: options.redisUrl,
    queuePrefix: `funil-bench-${options.label}-${process.pid}`,
    sessionSecret: 'bench-secret-bench-secret-bench-secret',
    sessionSecretConfigured: true,
    demo: false,
    logLevel: 'warn',
    trustProxy: 0,
    cookieSecure: 'auto',
    mailFrom: 'Funil <bench@funil.local>',
  };
  const runtime = await createRuntime(config, pino({ level: 'warn' }), { embeddedDataDir: 'memory://' });
  try {
    await migrateLatest(runtime.db.knex);
    if (runtime.redis && runtime.redis.status !== 'ready')
      await new Promise((resolve) => runtime.redis!.once('ready', resolve));
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return runtime;
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** The median time of `times` runs, in ms. */
export async function medianMs(work: () => Promise<unknown>, times = 5): Promise<number> {
  const all: number[] = [];
  for (let i = 0; i < times; i++) all.push((await timed(work))[1]);
  return median(all);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
