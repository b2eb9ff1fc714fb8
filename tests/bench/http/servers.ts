import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE } from '../../../scripts/server-bundle.mjs';

/** A statement as knex sent it: SQL with $1.. placeholders and its values. */
export interface Statement {
  sql: string;
  bindings: unknown[];
  /** The prepared statement's name, when Funil sent it as a named one (pg plans it once per connection). */
  name?: string;
}

/** A server the bench spawned (Funil or the bare one), with the IPC calls both answer. */
export interface BenchServer {
  name: string;
  url: string;
  /** CPU time of the server process so far, in µs (user + system). */
  cpu(): Promise<number>;
  /** The statements the server sent while `work` ran (Funil only). */
  capture(work: () => Promise<void>): Promise<Statement[]>;
  /** Sends an IPC message and waits for the child's answer of the same type. */
  ask<T>(message: { type: string; [key: string]: unknown }, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** Bundles the two servers once per bench run, as the release build bundles the app. */
export async function bundleServers(): Promise<{ dir: string; funil: string; bare: string; cleanup(): void }> {
  // Inside the repository, so the bundles find node_modules (package.json's dependencies stay external:
  // scripts/server-bundle.mjs).
  mkdirSync(path.join(process.cwd(), 'dist/bench'), { recursive: true });
  const dir = mkdtempSync(path.join(process.cwd(), 'dist/bench/servers-'));
  // tests/bench/http/*.ts, found from the repository root (this file is bundled into dist/bench).
  const here = path.join(process.cwd(), 'tests/bench/http');
  await build({
    ...SERVER_BUNDLE,
    // SERVER_BUNDLE finds tsconfig.json from its own file, which is not where it is once the bench is bundled.
    tsconfig: path.join(process.cwd(), 'tsconfig.json'),
    entryPoints: {
      'funil-server': path.join(here, 'funil-server.ts'),
      'bare-server': path.join(here, 'bare-server.ts'),
    },
    outdir: dir,
  });
  // src/main/server.ts starts itself when its bundle is the main module: the bench's entry is loaded from a launcher.
  writeFileSync(path.join(dir, 'launch.mjs'), 'await import(process.env.BENCH_ENTRY);\n');
  return {
    dir,
    funil: path.join(dir, 'funil-server.js'),
    bare: path.join(dir, 'bare-server.js'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function spawnServer(
  name: string,
  file: string,
  env: Record<string, string>,
  timeoutMs = 600_000,
): Promise<BenchServer> {
  const launcher = path.join(path.dirname(file), 'launch.mjs');
  const child = fork(launcher, [], {
    env: { ...process.env, ...env, BENCH_ENTRY: pathToFileURL(file).href },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: { type: string; resolve(message: any): void }[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (message: { type: string }) => {
    const i = waiters.findIndex((w) => w.type === message.type);
    if (i >= 0) waiters.splice(i, 1)[0].resolve(message);
  });
  const next = <T>(type: string, ms = 30_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name}: no ${type} answer in ${ms} ms`)), ms);
      waiters.push({ type, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      void exited.then(() => reject(new Error(`${name} exited (code ${child.exitCode})`)));
    });
  let ready: { url: string };
  try {
    ready = await next<{ url: string }>('ready', timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name,
    url: ready.url,
    async cpu() {
      const answer = next<{ usage: NodeJS.CpuUsage }>('cpu');
      child.send({ type: 'cpu' });
      const { usage } = await answer;
      return usage.user + usage.system;
    },
    async capture(work) {
      const capturing = next('capturing');
      child.send({ type: 'capture', on: true });
      await capturing;
      await work();
      const answer = next<{ statements: Statement[] }>('statements');
      child.send({ type: 'capture', on: false });
      return (await answer).statements;
    },
    ask<T>(message: { type: string; [key: string]: unknown }, timeoutMs?: number) {
      const answer = next<T>(message.type, timeoutMs);
      child.send(message);
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
