import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from '../domain/shared/app-error';
import type { Config } from '../infrastructure/config';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The only calls that take a file upload; they still need the same-origin check below. */
const MULTIPART_PATHS = new Set([
  '/api/crm/contacts/import',
  '/api/crm/contacts/import/preview',
  '/api/crm/companies/import',
  '/api/crm/companies/import/preview',
  '/api/crm/deals/import',
  '/api/crm/deals/import/preview',
]);

/**
 * Cross-site request refusal for every state-changing call: a body must be JSON (a cross-site form
 * cannot send that without a preflight), and the browser must say the call comes from this origin.
 */
export function crossSiteGuard(publicOrigin?: string): RequestHandler {
  return (req, _res, next) => {
    if (!UNSAFE.has(req.method)) return next();
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (
      hasBody &&
      !req.is('application/json') &&
      !(MULTIPART_PATHS.has(req.baseUrl + req.path) && req.is('multipart/form-data'))
    ) {
      return next(
        new AppError(
          'REQUEST.CROSS_SITE',
          'Requests that change data must send a JSON body (Content-Type: application/json)',
        ),
      );
    }
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    const sameOrigin = origin
      ? origin === `${req.protocol}://${req.get('host')}` || origin === publicOrigin
      : fetchSite === 'same-origin';
    if (!sameOrigin) return next(new AppError('REQUEST.CROSS_SITE', 'Cross-site request refused'));
    next();
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** Container health checks call these on whatever name reaches the container; they reveal nothing. */
// /metrics too: Prometheus scrapes by an internal name or address; its token guards it.
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The host names this deployment answers to: PUBLIC_URL's, ALLOWED_HOSTS, and outside production the
 * loopback names (any port). In production loadConfig requires PUBLIC_URL, so the list is never empty there.
 */
export function allowedHosts(config: Pick<Config, 'nodeEnv' | 'publicUrl' | 'allowedHosts'>): Set<string> {
  const hosts = new Set((config.allowedHosts ?? []).map((host) => host.toLowerCase().replace(/\.$/, '')));
  if (config.publicUrl) hosts.add(new URL(config.publicUrl).hostname.toLowerCase());
  if (config.nodeEnv !== 'production') for (const host of LOOPBACK_HOSTS) hosts.add(host);
  return hosts;
}

/** The name of a Host header without its port: `[::1]:3000` -> `[::1]`, `Example.com.:80` -> `example.com`. */
export function hostName(header: string | undefined): string | undefined {
  const match = header
    ?.trim()
    .toLowerCase()
    .match(/^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/);
  return match?.[1].replace(/\.$/, '');
}

/**
 * DNS rebinding: a page on an attacker's name that resolves to this server is same-origin with it for the
 * browser, which still sends the attacker's name in Host (a header no page can set). Refusing unknown
 * names before sessions means such a page gets no cookie, no demo credentials and no first admin. The raw
 * Host header is read, never X-Forwarded-Host, which a same-origin page could set itself.
 */
export function hostGuard(hosts: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    if (ANY_HOST_PATHS.has(req.path)) return next();
    const name = hostName(req.headers.host);
    if (name !== undefined && hosts.has(name)) return next();
    next(new AppError('REQUEST.HOST_NOT_ALLOWED', 'This server does not answer to that host name'));
  };
}

/** HSTS only on a request that came over HTTPS (req.secure honours TRUST_PROXY): browsers ignore it over HTTP, and it must not pin a plain-HTTP install. */
export function strictTransportSecurity(): RequestHandler {
  return (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** Hashes of the inline scripts of the built index.html (the theme boot script), for the CSP. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((code) => code.trim().length > 0)
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/**
 * What an API answer (JSON, a CSV or a file to download) carries, the set OWASP's REST Security Cheat Sheet gives
 * for an API: nothing of it is ever a page this origin renders, so its policy allows nothing at all and no frame;
 * no sniffing into another type; read by this origin only; never stored.
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cache-Control', 'no-store'],
];

/** `/api` and the paths under it. */
const isApiPath = (path: string) => path.startsWith('/api') && (path.length === 4 || path.charCodeAt(4) === 47);

/**
 * The security headers of every answer. Pages and the app's files get helmet's headers (its defaults, our CSP),
 * worked out once: helmet runs against a response that is never sent when the app starts, and each request gets
 * the headers it set in one loop, in place of helmet's eleven middlewares in turn. None of them depends on the
 * request (no nonce), so the result is the same. API answers get API_SECURITY_HEADERS: a fifth of the bytes (the
 * page policy, the opener and agent cluster isolation, the DNS prefetch and download options concern documents),
 * which every JSON answer paid for in header encoding and socket writes (issue 31).
 */
export function securityHeaders(scriptHashes: string[]): RequestHandler {
  const request = new IncomingMessage(new Socket());
  const recorder = new HeaderRecorder(request);
  let finished = false;
  helmetFor(scriptHashes)(request, recorder, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('securityHeaders: helmet did not finish synchronously');
  const pageHeaders = recorder.headers();
  return (req, res, next) => {
    const headers = isApiPath(req.path) ? API_SECURITY_HEADERS : pageHeaders;
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
    next();
  };
}

/**
 * A response that is never sent (its socket is not connected): it keeps the headers set on it, under the names as
 * they were spelled (Node's own list of names is lower-cased).
 */
class HeaderRecorder extends ServerResponse {
  private readonly spelled = new Map<string, string>();

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.spelled.set(name.toLowerCase(), name);
    return super.setHeader(name, value);
  }

  headers(): [string, string][] {
    return this.getHeaderNames().map((name) => [this.spelled.get(name) ?? name, String(this.getHeader(name))]);
  }
}

function helmetFor(scriptHashes: string[]) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by strictTransportSecurity(), over HTTPS only.
    strictTransportSecurity: false,
  });
}
