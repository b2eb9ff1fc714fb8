import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestClient, type TestServer } from '../../../tests/support/test-server';

// The web app's files and its client-side routes are served without the API's session work: a signed-in
// browser fetching thirty scripts must not cost thirty session queries.
describe('the built web app', () => {
  let server: TestServer;
  let uiDir: string;
  let user: TestClient;
  beforeAll(async () => {
    uiDir = mkdtempSync(path.join(os.tmpdir(), 'funil-ui-'));
    mkdirSync(path.join(uiDir, 'assets'));
    writeFileSync(
      path.join(uiDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(uiDir, 'assets', 'app.js'), 'console.log("funil");\n');
    server = await startTestServer({}, { uiDir });
    user = server.client();
    const res = await user.post('/api/register', {
      username: uniqueName('static'),
      password: 'correct horse battery',
      name: 'Static Files',
      initials: 'SF',
      role: 'admin',
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(uiDir, { recursive: true, force: true });
  });

  const sessionQueriesDuring = async (work: () => Promise<unknown>) => {
    let count = 0;
    const listener = (query: { sql?: string }) => {
      if (query.sql && /\bsessions\b/.test(query.sql)) count += 1;
    };
    server.runtime.db.knex.on('query', listener);
    try {
      await work();
    } finally {
      server.runtime.db.knex.off('query', listener);
    }
    return count;
  };

  it('serves scripts and client-side routes to a signed-in browser without looking its session up', async () => {
    let script: Awaited<ReturnType<TestClient['get']>> | undefined;
    let page: Awaited<ReturnType<TestClient['get']>> | undefined;
    const queries = await sessionQueriesDuring(async () => {
      script = await user.get('/assets/app.js');
      page = await user.request('GET', '/contacts', undefined, { accept: 'text/html' });
    });
    expect(script!.status).toBe(200);
    expect(script!.text).toContain('funil');
    expect(script!.headers.get('cache-control')).toContain('immutable');
    expect(script!.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page!.status).toBe(200);
    expect(page!.text).toContain('<div id="root">');
    expect(page!.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(queries).toBe(0);
  });

  // After a deploy an open tab asks for the previous build's chunks: they must fail as such, not arrive as the
  // app's page (which the browser cannot run, and which left the tab on a blank developer error).
  it('answers 404, never the app page, for a missing asset or any missing file-like path', async () => {
    const paths = [
      '/assets/contacts-page-OLDHASH.js',
      '/assets/index-OLDHASH.css',
      '/assets/nested/chunk.js',
      '/assets/',
      '/favicon.ico',
      '/crm/contacts/report.pdf',
    ];
    for (const url of paths) {
      for (const accept of ['*/*', 'text/css,*/*;q=0.1', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
        const res = await user.request('GET', url, undefined, { accept });
        expect(res.status, `${url} (${accept})`).toBe(404);
        expect(res.text, `${url} (${accept})`).not.toContain('<div id="root">');
        expect(res.headers.get('content-type') ?? '', `${url} (${accept})`).not.toContain('text/html');
      }
    }
    const missing = await user.get('/assets/contacts-page-OLDHASH.js');
    expect(missing.headers.get('cache-control')).toBe('no-store');
    // What exists is still served, and a client-side route still gets the app.
    expect((await user.request('GET', '/assets/app.js', undefined, { accept: '*/*' })).status).toBe(200);
    expect((await user.request('GET', '/crm/contacts/42', undefined, { accept: 'text/html' })).text).toContain(
      '<div id="root">',
    );
  });

  it('still checks the session of every API call', async () => {
    const queries = await sessionQueriesDuring(async () => {
      expect((await user.get('/api/user')).status).toBe(200);
    });
    expect(queries).toBeGreaterThan(0);
    expect((await server.client().get('/api/user')).status).toBe(401);
  });
});
