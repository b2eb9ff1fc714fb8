import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infrastructure/config';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { allowedHosts, hostName } from '../security';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON; the error shape where the tests read it. */
  body: { error: { code: string } };
}

/** fetch cannot name another Host than the URL's; a DNS-rebinding page's browser does exactly that. */
function send(
  server: TestServer,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<RawResponse> {
  const url = new URL(server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: urlPath,
        headers: {
          'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          ...(payload !== undefined && {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
          }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed as RawResponse['body'] });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const attacker = { host: 'rebind.attacker.example:3000', origin: 'http://rebind.attacker.example:3000' };
const port = (server: TestServer) => new URL(server.url).port;

describe('host names', () => {
  it('reads the name of a Host header without its port, and nothing from a malformed one', () => {
    expect(hostName('Example.COM:8080')).toBe('example.com');
    expect(hostName('example.com.')).toBe('example.com');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [undefined, '', '::1', 'a:b:c', 'example.com:port', 'a b'])
      expect(hostName(bad), String(bad)).toBeUndefined();
  });

  it('accepts PUBLIC_URL’s host and ALLOWED_HOSTS, and the loopback names only outside production', () => {
    expect(
      [
        ...allowedHosts({
          nodeEnv: 'production',
          publicUrl: 'https://CRM.example.com/',
          allowedHosts: ['app', 'Intranet.local.'],
        }),
      ].sort(),
    ).toEqual(['app', 'crm.example.com', 'intranet.local']);
    expect(allowedHosts({ nodeEnv: 'development', publicUrl: undefined })).toEqual(
      new Set(['localhost', '127.0.0.1', '[::1]']),
    );
    expect(allowedHosts({ nodeEnv: 'test', publicUrl: 'http://funil.lan:8080' }).has('funil.lan')).toBe(true);
  });

  it('requires PUBLIC_URL in production and refuses a malformed ALLOWED_HOSTS, naming the variable', () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'funil-host-')), SESSION_SECRET: 's'.repeat(40) };
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL is required when NODE_ENV=production/,
    );
    expect(loadConfig({ ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://crm.example.com' }).publicUrl).toBe(
      'https://crm.example.com',
    );
    expect(loadConfig({ ...env, ALLOWED_HOSTS: 'App, intranet.local' }).allowedHosts).toEqual([
      'app',
      'intranet.local',
    ]);
    for (const bad of ['https://app', 'app:3000', 'app/x', 'app,,b']) {
      expect(() => loadConfig({ ...env, ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS/);
    }
  });
});

describe('outside production (no PUBLIC_URL, demo on)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses an attacker’s host name (DNS rebinding) with 421 before anything runs: no cookie, no credentials, no account', async () => {
    const credentials = await send(server, 'GET', '/api/auth/demo-credentials', attacker);
    expect(credentials.status).toBe(421);
    expect(credentials.body.error.code).toBe('REQUEST.HOST_NOT_ALLOWED');
    expect(JSON.stringify(credentials.body)).not.toContain('admin1234');

    const register = await send(server, 'POST', '/api/register', attacker, {
      username: 'rebound',
      password: 'long enough pass',
      name: 'X',
      initials: 'X',
      role: 'admin',
    });
    expect(register.status).toBe(421);
    expect(register.headers['set-cookie']).toBeUndefined();
    expect(await server.runtime.db.knex('users').where({ username: 'rebound' }).first()).toBeUndefined();

    const page = await send(server, 'GET', '/', { ...attacker, accept: 'text/html' });
    expect(page.status).toBe(421);
  });

  it('answers the loopback names on any port, and health checks on any name', async () => {
    for (const host of [
      `localhost:${port(server)}`,
      `127.0.0.1:${port(server)}`,
      `[::1]:${port(server)}`,
      'LOCALHOST',
    ]) {
      const res = await send(server, 'GET', '/api/auth/demo-credentials', { host });
      expect(res.status, host).toBe(200);
    }
    for (const probe of ['/healthz', '/readyz'])
      expect((await send(server, 'GET', probe, { host: 'app:3000' })).status, probe).toBe(200);
  });
});

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      nodeEnv: 'production',
      publicUrl: 'https://crm.example.com',
      allowedHosts: ['funil-app'],
      demo: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers PUBLIC_URL’s host (sign-in works and sets the cookie) and the ALLOWED_HOSTS', async () => {
    const login = await send(
      server,
      'POST',
      '/api/login',
      { host: 'crm.example.com', origin: 'https://crm.example.com' },
      { username: 'admin', password: 'admin1234' },
    );
    expect(login.status).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    const cookie = (login.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    expect((await send(server, 'GET', '/api/user', { host: 'funil-app:3000', cookie })).status).toBe(200);
  });

  it('refuses every other name, the loopback ones included, but keeps health checks answering', async () => {
    for (const host of [
      attacker.host,
      `localhost:${port(server)}`,
      `127.0.0.1:${port(server)}`,
      'crm.example.com.evil.example',
    ]) {
      const login = await send(
        server,
        'POST',
        '/api/login',
        { host, origin: `http://${host}` },
        { username: 'admin', password: 'admin1234' },
      );
      expect(login.status, host).toBe(421);
      expect(login.headers['set-cookie'], host).toBeUndefined();
    }
    for (const probe of ['/healthz', '/readyz'])
      expect((await send(server, 'GET', probe, { host: `localhost:${port(server)}` })).status, probe).toBe(200);
  });
});

describe('Strict-Transport-Security', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startTestServer({ trustProxy: 0 }), startTestServer({ trustProxy: 1 })]);
  });
  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
  });

  it('is sent when the request came over HTTPS through the trusted proxy, never over plain HTTP', async () => {
    expect(
      (await proxied.client().request('GET', '/api/user', undefined, { 'x-forwarded-proto': 'https' })).headers.get(
        'strict-transport-security',
      ),
    ).toBe('max-age=31536000; includeSubDomains');
    expect((await proxied.client().get('/api/user')).headers.get('strict-transport-security')).toBeNull();
    expect(
      (await proxied.client().request('GET', '/api/user', undefined, { 'x-forwarded-proto': 'http' })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    // No trusted proxy: a client's X-Forwarded-Proto is not believed, and the connection is plain HTTP.
    expect(
      (await direct.client().request('GET', '/api/user', undefined, { 'x-forwarded-proto': 'https' })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });
});
