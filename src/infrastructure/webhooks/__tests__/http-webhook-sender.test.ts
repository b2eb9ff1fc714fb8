import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenAddress, HttpWebhookSender } from '../http-webhook-sender';

let server: Server;
let port = 0;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('late'), 2_000);
    else if (req.url === '/big') res.writeHead(500).end('x'.repeat(10_000));
    else res.writeHead(200).end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the webhook sender', () => {
  it('in production never reaches a private, loopback or link-local address, by literal or by name, nor plain http', async () => {
    const sender = new HttpWebhookSender({ production: true });
    for (const url of [
      `https://127.0.0.1:${port}/a`,
      `https://localhost:${port}/a`,
      `https://[::1]:${port}/a`,
      'https://10.1.2.3/a',
      'https://169.254.169.254/latest/meta-data',
      `http://example.com/a`,
    ]) {
      const result = await sender.send(url, {}, '{}', 2_000);
      expect(result.status, url).toBeNull();
      expect(result.error, url).toMatch(/private|https required/);
    }
    expect(paths).toEqual([]);
  });

  it('tells forbidden addresses from public ones, IPv4 written as IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(forbiddenAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(forbiddenAddress(address), address).toBe(false);
  });

  it('outside production reaches this machine; follows no redirect, keeps the first kilobyte, stops at the timeout', async () => {
    const sender = new HttpWebhookSender({ production: false });
    const base = `http://127.0.0.1:${port}`;
    expect(await sender.send(`${base}/ok`, {}, '{}', 2_000)).toMatchObject({ status: 200, body: 'fine', error: null });
    expect(await sender.send(`${base}/moved`, {}, '{}', 2_000)).toMatchObject({ status: 302 });
    expect(paths).not.toContain('/elsewhere');
    const big = await sender.send(`${base}/big`, {}, '{}', 2_000);
    expect([big.status, big.body?.length]).toEqual([500, 1024]);
    const slow = await sender.send(`${base}/slow`, {}, '{}', 300);
    expect(slow).toMatchObject({ status: null, body: null });
    expect(slow.error).toMatch(/no answer in 0.3 s/);
    const refused = await sender.send('http://127.0.0.1:1/none', {}, '{}', 2_000);
    expect(refused.status).toBeNull();
    expect(refused.error).toMatch(/ECONNREFUSED/);
  });
});
