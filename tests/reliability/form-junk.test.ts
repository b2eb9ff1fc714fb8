import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueName, type TestServer } from '../support/test-server';
import { percentile, recordFigure, scale } from './support/figures';

// Junk at the public form endpoint (issue 28): 20,000 requests a minute of it (bots filling the honeypot, unknown
// forms, malformed and oversized bodies, from 50 addresses) while a signed-in person lists contacts. TRUST_PROXY=0:
// each junk address is its own local address on 127/8, as the connection's.

let server: TestServer;
let cookie = '';
let slug = '';
const PASSWORD = 'form-junk-password';
const JUNK_PER_MINUTE = 20_000;

interface Answer {
  status: number;
  ms: number;
}

const agents = new Map<string, http.Agent>();
/** One kept-alive agent per address, as a bot's connections are. */
const agentFor = (from: string) => {
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: from })));
  return agent;
};

function request(
  method: string,
  path: string,
  options: { from: string; body?: string; type?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const url = new URL(path, server.url);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: agentFor(options.from),
        headers: {
          origin: server.url,
          ...(options.body !== undefined && { 'content-type': options.type ?? 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(options.body);
  });
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 0 });
  const admin = server.client();
  const username = uniqueName('formadmin');
  const registered = await admin.post('/api/register', {
    username,
    password: PASSWORD,
    name: 'Form Admin',
    initials: 'FA',
    role: 'admin',
  });
  expect(registered.status).toBe(201);
  cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  slug = `site-${Math.random().toString(36).slice(2, 8)}`;
  const form = await admin.post('/api/admin/forms', {
    name: 'Site',
    slug,
    fields: [
      { field: 'name', required: true },
      { field: 'email', required: true },
    ],
  });
  expect(form.status, form.text).toBe(201);
  for (let i = 0; i < 200; i += 1) await admin.post('/api/crm/contacts', { name: `Cliente ${i}` });
});

afterAll(async () => {
  for (const agent of agents.values()) agent.destroy();
  await server?.stop();
});

/** The n-th piece of junk: a bot's honeypot, an unknown form, malformed JSON, an oversized body, a field not asked. */
function junk(n: number): Promise<Answer> {
  const from = `127.0.8.${(n % 50) + 1}`;
  switch (n % 5) {
    case 0:
      return request('POST', `/f/${slug}`, {
        from,
        body: JSON.stringify({ name: 'Bot', email: `bot${n}@spam.test`, website: 'http://spam.test' }),
      });
    case 1:
      return request('POST', `/f/nao-existe-${n % 97}`, { from, body: JSON.stringify({ name: 'x' }) });
    case 2:
      return request('POST', `/f/${slug}`, { from, body: '{"name": "broken' });
    case 3:
      return request('POST', `/f/${slug}`, { from, body: JSON.stringify({ notes: 'x'.repeat(40_000) }) });
    default:
      return request('POST', `/f/${slug}`, {
        from,
        body: `name=Spam&email=spam${n}%40x.test&password=hunter2`,
        type: 'application/x-www-form-urlencoded',
      });
  }
}

describe('abuse: junk at the public form endpoint', () => {
  it('answers every piece with a 4xx, keeps none, and leaves signed-in requests answered', async () => {
    const list = () => request('GET', '/api/crm/contacts?limit=50', { from: '127.0.9.200', headers: { cookie } });
    const window = scale(15_000, 60_000);
    /** The person's requests, one every 25 ms for `ms`: their times. */
    const person = async (ms: number) => {
      const times: number[] = [];
      const until = performance.now() + ms;
      while (performance.now() < until) {
        const res = await list();
        expect(res.status).toBe(200);
        times.push(res.ms);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return times;
    };
    for (let i = 0; i < 20; i += 1) await list();
    const quiet = await person(window / 3);

    // Open loop: a piece every 3 ms (20,000 a minute), whatever the answers, for the whole window.
    const answers: Answer[] = [];
    const pending: Promise<void>[] = [];
    let sent = 0;
    const interval = 60_000 / JUNK_PER_MINUTE;
    const started = performance.now();
    const timer = setInterval(() => {
      const due = Math.floor((performance.now() - started) / interval) - sent;
      for (let i = 0; i < due; i += 1) pending.push(junk(sent++).then((a) => void answers.push(a)));
    }, 10);
    let loaded: number[];
    try {
      loaded = await person(window);
    } finally {
      clearInterval(timer);
      await Promise.all(pending);
    }
    const seconds = (performance.now() - started) / 1000;

    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const figure = (name: string, value: number, unit = 'ms') =>
      recordFigure({ part: 'abuse', name, value: Math.round(value * 10) / 10, unit });
    figure('form junk sent (20,000 a minute)', sent, 'req');
    figure('form junk answered 201 (honeypot: dropped)', byStatus[201] ?? 0, 'req');
    figure('form junk rate achieved', (sent / seconds) * 60, 'req/min');
    figure('form junk answered 429 (rate limited)', byStatus[429] ?? 0, 'req');
    figure('GET /api/crm/contacts p50, quiet', percentile(quiet, 50));
    figure('GET /api/crm/contacts p99, quiet', percentile(quiet, 99));
    figure('GET /api/crm/contacts p50, under form junk', percentile(loaded, 50));
    figure('GET /api/crm/contacts p99, under form junk', percentile(loaded, 99));
    figure('p99 under form junk / quiet p99', percentile(loaded, 99) / percentile(quiet, 99), 'x');

    // Every piece was refused (or, for the honeypot, answered as a success and dropped): nothing failed on the server.
    expect(
      Object.keys(byStatus).every((status) => /^(201|4\d\d)$/.test(status)),
      JSON.stringify(byStatus),
    ).toBe(true);
    const kept = await server.runtime.db.knex('contacts').whereILike('email', '%spam%').count({ n: '*' });
    expect(Number(kept[0].n)).toBe(0);
  });
});
