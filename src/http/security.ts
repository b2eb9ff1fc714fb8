import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from '../domain/shared/app-error';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The only calls that take a file upload; they still need the same-origin check below. */
const MULTIPART_PATHS = new Set(['/api/crm/contacts/import', '/api/crm/contacts/import/preview']);

/**
 * Cross-site request refusal for every state-changing call: a body must be JSON (a cross-site form
 * cannot send that without a preflight), and the browser must say the call comes from this origin.
 */
export function crossSiteGuard(publicOrigin?: string): RequestHandler {
  return (req, _res, next) => {
    if (!UNSAFE.has(req.method)) return next();
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.is('application/json') && !(MULTIPART_PATHS.has(req.path) && req.is('multipart/form-data'))) {
      return next(new AppError('REQUEST.CROSS_SITE', 'Requests that change data must send a JSON body (Content-Type: application/json)'));
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

/** Hashes of the inline scripts of the built index.html (the theme boot script), for the CSP. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((code) => code.trim().length > 0)
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

export function securityHeaders(scriptHashes: string[]): RequestHandler {
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
  });
}
