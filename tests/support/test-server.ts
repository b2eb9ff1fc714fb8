import { randomBytes } from 'node:crypto';
import type { Config } from '../../src/infrastructure/config';
import type { Clock } from '../../src/domain/shared/clock';
import { startServer, type StartedServer } from '../../src/main/server';
import { createTestDatabase } from './test-database';

export interface TestServer extends StartedServer {
  /** A client that keeps its own cookies, like one browser. */
  client(): TestClient;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: '/tmp/funil-test-unused',
    redisUrl: process.env.REDIS_URL || undefined,
    // Every test server its own BullMQ keys: a worker never takes another test's (or database's) jobs.
    queuePrefix: `funil-test-${process.pid}-${randomBytes(4).toString('hex')}`,
    sessionSecret: 'test-secret-test-secret-test-secret-42',
    sessionSecretConfigured: true,
    demo: false,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Test clients each send their own X-Forwarded-For, like people on different networks, so per-IP
    // limits (counted in a Redis shared by every test file) only bite where a test means them to.
    trustProxy: 1,
    cookieSecure: 'auto',
    mailFrom: 'Funil <test@funil.local>',
    ...overrides,
  };
}

/** Starts the real app (migrations, DI, HTTP) on a fresh database and a random port. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { runWorkers?: boolean; clock?: Clock; uiDir?: string } = {},
): Promise<TestServer> {
  const db = await createTestDatabase();
  const started = await startServer(testConfig({ databaseUrl: db.url, ...overrides }), {
    embeddedDataDir: db.embeddedDataDir,
    runWorkers: options.runWorkers ?? true,
    clock: options.clock,
    uiDir: options.uiDir,
  });
  return {
    ...started,
    async stop() {
      await started.stop();
      await db.drop();
    },
    client: () => new TestClient(started.url),
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** The body as UTF-8 text, a leading byte-order mark kept (fetch's text() drops it). */
  text: string;
}

/** fetch with a cookie jar and same-origin headers, as the browser app sends them. */
export class TestClient {
  cookies = new Map<string, string>();
  readonly ip = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;

  constructor(
    readonly baseUrl: string,
    private readonly origin = baseUrl,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = {
      method,
      redirect: 'manual',
      headers: {
        origin: this.origin,
        'x-forwarded-for': this.ip,
        ...(this.cookies.size && { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const res = await fetch(this.baseUrl + path, init);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    let parsed: T | undefined;
    try {
      parsed = text ? (JSON.parse(text) as T) : undefined;
    } catch {
      // Not JSON: the test reads `text`.
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  async login(username: string, password: string, remember = false) {
    const res = await this.post('/api/login', { username, password, remember });
    if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${res.text}`);
    return res.body;
  }
}

function randomOctet(): number {
  return Math.floor(Math.random() * 254) + 1;
}

let counter = 0;
/** A username no other test (or earlier run against the same Redis) has used. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${process.pid}x${Date.now().toString(36)}x${counter}`;
}
