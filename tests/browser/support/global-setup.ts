import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { copyDataDir, makeMigratedDataDir, startBuiltServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared servers, one per worker (support/browser.ts baseUrl picks the worker's own). */
    baseUrls: string[];
    /** The run's migrated database with the demo users (support/server.ts startSeededServer copies it). */
    migratedDataDir: string;
  }
}

/**
 * Migrates an embedded database once (demo users seeded), then starts the built server on a copy of it for each
 * worker. Files that run at the same time never share a server: each worker's files run one after another on its
 * own, as every file did on the one shared server when the run had one worker.
 */
export default async function setup(project: TestProject) {
  const migrated = await makeMigratedDataDir();
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs = Array.from({ length: workers }, () => copyDataDir(migrated, 'browser'));
  const servers = await Promise.all(
    dataDirs.map((dataDir, i) => startBuiltServer(dataDir, i === 0 ? 'browser-server' : `browser-server-${i + 1}`)),
  );
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('migratedDataDir', migrated);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of [...dataDirs, migrated]) rmSync(dir, { recursive: true, force: true });
  };
}
