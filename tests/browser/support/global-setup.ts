import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_OPTIONS, expectPlaywrightFeaturesKept } from './chromium';
import { copyDataDir, makeMigratedDataDir, removeDataDir, startBuiltServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared servers, one per worker (support/browser.ts baseUrl picks the worker's own). */
    baseUrls: string[];
    /** The run's migrated database with the demo users (support/server.ts startSeededServer copies it). */
    migratedDataDir: string;
    /** One Chromium per worker, for the whole run (support/browser.ts launchBrowser connects to the worker's own). */
    browserEndpoints: string[];
  }
}

/**
 * Migrates a database once (demo users seeded), then starts the built server on a copy of it for each worker.
 * Files that run at the same time never share a server: each worker's files run one after another on its own, as
 * every file did on the one shared server when the run had one worker.
 */
export default async function setup(project: TestProject) {
  const migrated = await makeMigratedDataDir();
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs: string[] = [];
  for (let i = 0; i < workers; i++) dataDirs.push(await copyDataDir(migrated, 'browser'));
  const [servers, browsers] = await Promise.all([
    Promise.all(
      dataDirs.map((dataDir, i) => startBuiltServer(dataDir, i === 0 ? 'browser-server' : `browser-server-${i + 1}`)),
    ),
    // Starting Chromium for each file cost a second or two of both cores, some thirty times a run.
    Promise.all(dataDirs.map(() => chromium.launchServer(CHROMIUM_OPTIONS))),
  ]);
  for (const browser of browsers) expectPlaywrightFeaturesKept(browser.process().pid!);
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('migratedDataDir', migrated);
  project.provide(
    'browserEndpoints',
    browsers.map((browser) => browser.wsEndpoint()),
  );

  return async () => {
    await Promise.all([...servers.map((server) => server.stop()), ...browsers.map((browser) => browser.close())]);
    for (const dir of [...dataDirs, migrated]) await removeDataDir(dir);
  };
}
