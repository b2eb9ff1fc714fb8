import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { SendResult } from '../../domain/webhooks/webhook';
import { RESPONSE_KEPT_BYTES } from '../../domain/webhooks/webhook';
import type { WebhookPolicy, WebhookSender } from '../../domain/webhooks/webhooks.ports';

/** Addresses a production webhook may not reach: private, loopback, link-local, shared, multicast and reserved. */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** True for an address a production webhook may not reach (an IPv4 address written as IPv6 is checked as IPv4). */
export function forbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The name resolved when the connection is made, and refused when any of its addresses is forbidden: the check is
 * on the address connected to, so a name that resolves elsewhere later (DNS rebinding) cannot slip past it.
 */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((a) => forbiddenAddress(a.address));
    if (bad) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private address (${bad.address})`), {
        code: 'WEBHOOK_FORBIDDEN_ADDRESS',
      });
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * One POST with node's http client: redirects are never followed (a 3xx is the answer), the whole try is cut at the
 * timeout, the answer's first kilobyte is kept and the rest dropped. In production only public addresses are reached.
 */
export class HttpWebhookSender implements WebhookSender {
  constructor(private readonly policy: WebhookPolicy) {}

  send(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
    const started = performance.now();
    const done = (result: Omit<SendResult, 'durationMs'>): SendResult => ({
      ...result,
      durationMs: performance.now() - started,
    });
    return new Promise<SendResult>((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve(done({ status: null, body: null, error: 'invalid address' }));
      }
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (this.policy.production) {
        if (target.protocol !== 'https:') return resolve(done({ status: null, body: null, error: 'https required' }));
        if (isIP(host) && forbiddenAddress(host))
          return resolve(done({ status: null, body: null, error: `${host} is a private address` }));
      }
      const client = target.protocol === 'https:' ? https : http;
      const payload = Buffer.from(body);
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(payload.length) },
          agent: false,
          ...(this.policy.production && { lookup: guardedLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const finish = () => {
            clearTimeout(timer);
            response.destroy();
            resolve(
              done({
                status: response.statusCode ?? null,
                body: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString(),
                error: null,
              }),
            );
          };
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            kept += chunk.length;
            if (kept >= RESPONSE_KEPT_BYTES) finish();
          });
          response.on('end', finish);
          response.on('error', finish);
        },
      );
      const timer = setTimeout(() => request.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        resolve(done({ status: null, body: null, error: error.message }));
      });
      request.end(payload);
    });
  }
}
