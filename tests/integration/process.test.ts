import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest } from '../support/bundle';
import { freePort } from '../support/free-port';

// The server as operators run it: a bundled process on the embedded default, stopped with SIGTERM.
const root = path.resolve(__dirname, '../..');
const outdir = path.join(root, 'dist', 'test-server');
const dataDir = mkdtempSync(path.join(tmpdir(), 'funil-process-'));
const running: ChildProcess[] = [];

beforeAll(async () => {
  await bundleForTest({ server: path.join(root, 'src/main/server.ts') }, outdir);
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(env: Record<string, string>): Started {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.REDIS_URL;
  const child = spawn(process.execPath, [path.join(outdir, 'server.js')], {
    env: { ...clean, NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => out, exited };
}

async function startReady(): Promise<Started> {
  const started = launch({ PORT: String(await freePort()) });
  // A first start migrates a new embedded database: on a loaded 2-core machine (CI runs suites side by side) that
  // can take most of a minute.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(started.url + '/readyz').catch(() => null);
    if (res?.ok) return started;
    if (started.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Not left holding the data directory for the next test.
  started.child.kill('SIGKILL');
  await started.exited;
  throw new Error(`server did not become ready:\n${started.output()}`);
}

const json = { 'content-type': 'application/json' };

// Always on the embedded default, whatever DATABASE_URL says: npm test runs it in the embedded run only, not once
// more, identically, in the run on PostgreSQL before it (scripts/test.mjs sets EMBEDDED_RUN_FOLLOWS there).
describe.skipIf(Boolean(process.env.EMBEDDED_RUN_FOLLOWS))(
  'the server process on the embedded default',
  { timeout: 300_000 },
  () => {
    it('starts with demo users, keeps data across a restart, and stops cleanly on SIGTERM', async () => {
      const first = await startReady();
      const origin = { origin: first.url };
      const creds = await (await fetch(first.url + '/api/auth/demo-credentials')).json();
      expect(creds.demo).toBe(true);
      const register = await fetch(first.url + '/api/register', {
        method: 'POST',
        headers: { ...json, ...origin },
        body: JSON.stringify({ username: 'kept.user', password: 'survives restarts', name: 'Kept', initials: 'KU' }),
      });
      expect(register.status).toBe(201);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('funil stopped');
      // The release bundle runs on the project's Node (npm test runs it from node_modules/.bin), and says so.
      expect(first.output()).toMatch(/"node":"v24\.\d+\.\d+".*funil listening/);
      expect(first.output()).not.toContain('survives restarts');

      const second = await startReady();
      const login = await fetch(second.url + '/api/login', {
        method: 'POST',
        headers: { ...json, origin: second.url },
        body: JSON.stringify({ username: 'kept.user', password: 'survives restarts' }),
      });
      expect(login.status).toBe(200);
      // A second process on the same data directory is refused with a clear message.
      const intruder = launch({ PORT: String(await freePort()) });
      expect(await intruder.exited).not.toBe(0);
      expect(intruder.output()).toMatch(/in use by process \d+/);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    });

    it('finishes a request in flight when SIGTERM arrives, then exits 0', async () => {
      const server = await startReady();
      const { port } = new URL(server.url);
      const body = JSON.stringify({ username: 'nobody-here', password: 'whatever-it-is' });
      // Send the headers and half the body, signal, then the rest: the answer must still come.
      // (The socket stays open: a half-closed request counts as aborted.)
      const response = new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
          );
          socket.write(body.slice(0, 10));
          setTimeout(() => {
            server.child.kill('SIGTERM');
            setTimeout(() => socket.write(body.slice(10)), 300);
          }, 200);
        });
        let data = '';
        socket.on('data', (d) => (data += d));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      const raw = await response;
      expect(raw).toMatch(/^HTTP\/1\.1 401/);
      expect(raw).toContain('AUTH.INVALID_CREDENTIALS');
      expect(await server.exited).toBe(0);
    });

    it('refuses to start on a bad setting, naming the variable', async () => {
      const bad = launch({ PORT: 'not-a-port' });
      expect(await bad.exited).toBe(78);
      expect(bad.output()).toMatch(/PORT/);
    });
  },
);
