import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the built server on a fresh embedded database (demo users seeded) for the whole run. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funil-browser-'));
  const server = await startBuiltServer(dataDir, 'browser-server');
  project.provide('baseUrl', server.baseUrl);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
