import type { Request, RequestHandler, Response } from 'express';
import { API_KEY_RATE, type KeyHolder } from '../domain/api-keys/api-key';
import { ApiKeyScopeError } from '../domain/api-keys/api-keys.errors';
import type { ApiKeysService } from '../domain/api-keys/api-keys.service';
import { AppError } from '../domain/shared/app-error';
import type { RateLimiter } from '../domain/users/users.ports';

declare module 'express-serve-static-core' {
  interface Request {
    /** The key a request came with (`Authorization: Bearer funil_…`), once resolved. */
    apiKey?: KeyHolder;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * What a key may call: the CRM, the notifications, the signed-in person's own account (not its keys or sessions) and
 * contacts' consents (a newsletter tool records a grant or a revocation).
 */
export const KEY_PATHS = /^\/api\/(crm\/|notifications(\/|$)|user$|privacy\/contacts\/\d+\/(consents|legal-basis)$)/;

/** The secret of a request's `Authorization: Bearer` header, if it has one. */
export const bearerOf = (req: Request): string | undefined => {
  const header = req.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
};

/**
 * Requests made with an API key instead of a session cookie: no cookie is read or set and no cross-site check applies
 * (a browser never sends the header by itself). The key is looked up on every request (a revoked or expired key is a
 * 401 at once); it acts as its owner, with their role; a read key only reads (403 `AUTH.SCOPE` on a write), and no key
 * reaches beyond the CRM, the notifications and `/api/user` (keys, sessions, users and webhooks need a person signed
 * in). Each key has its own rate, 100 requests in each 10 s (600 a minute, bursts of 100), told in `RateLimit-*`
 * headers; beyond it a 429 with `Retry-After`.
 */
export function apiKeyAuth(keys: ApiKeysService, limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const secret = bearerOf(req);
    if (secret === undefined) return next();
    const path = req.baseUrl + req.path;
    if (!KEY_PATHS.test(path))
      return next(
        new ApiKeyScopeError(
          "API keys reach /api/crm, /api/notifications, /api/user and contacts' consents and legal basis only: sign in for the rest",
        ),
      );
    const found = await keys.authenticate(secret);
    if (!found)
      return next(new AppError('AUTH.UNAUTHENTICATED', 'The API key is not valid: revoked, expired or unknown'));
    const { holder, user } = found;
    if (holder.key.scope === 'read' && !READS.has(req.method))
      return next(
        new ApiKeyScopeError(`The API key "${holder.key.name}" may only read: a write needs a read and write key`),
      );
    const decision = await limiter.consume([
      { key: `apikey:${holder.key.id}`, limit: API_KEY_RATE.limit, windowMs: API_KEY_RATE.windowMs },
    ]);
    rateHeaders(res, decision.allowed ? decision.remaining : 0, decision.resetAfter);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfter));
      return next(
        new AppError(
          'REQUEST.RATE_LIMITED',
          `This API key made more than ${API_KEY_RATE.limit} requests in ${API_KEY_RATE.windowMs / 1000} s: try again in ${decision.retryAfter} s`,
        ),
      );
    }
    req.apiKey = holder;
    req.auth = { user };
    next();
  };
}

/** IETF RateLimit headers (draft): the policy, what is left of the window and when it starts again. */
function rateHeaders(res: Response, remaining: number, resetAfter: number): void {
  res.setHeader('RateLimit-Policy', `${API_KEY_RATE.limit};w=${API_KEY_RATE.windowMs / 1000}`);
  res.setHeader('RateLimit-Limit', String(API_KEY_RATE.limit));
  res.setHeader('RateLimit-Remaining', String(remaining));
  res.setHeader('RateLimit-Reset', String(resetAfter));
}
