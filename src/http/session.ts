import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import type { CookieSecure } from '../infrastructure/config';
import type { AuthService } from '../domain/users/auth.service';
import { REMEMBER_ME_TTL_MS } from '../domain/users/auth.service';

export const COOKIE_NAME = 'funil.sid';
export const SECURE_COOKIE_NAME = '__Host-funil.sid';

interface SessionCookie {
  /** The random session token; the database keeps only its hash. */
  t?: string;
  /** Issue time (ms), so a cookie's age can be told without a lookup. */
  iat?: number;
}

export interface SessionMiddleware {
  /** Reads and checks the signed cookie (no database work). */
  cookie: RequestHandler;
  /** Looks the session up and sets `req.auth`, or drops a cookie whose session is gone. */
  resolve: RequestHandler;
  /**
   * A request's concurrency lane from its signed cookie alone, before any database work: its session token,
   * else its address. A forged cookie fails the signature check and counts as its address.
   */
  sessionLane: (req: Request) => string;
  /** After `resolve`: the lane of the signed-in user, whichever of their sessions a request comes from. */
  userLane: (req: Request) => string | undefined;
}

/**
 * cookie-session carries only the session token, signed; the sessions table decides on every request
 * whether it is still valid, so logout, a password change or a disabled account take effect at once.
 * Over HTTPS the cookie is Secure with the `__Host-` prefix.
 */
export function sessionMiddleware(secret: string, cookieSecure: CookieSecure, auth: AuthService): SessionMiddleware {
  const base = { keys: [secret], httpOnly: true, sameSite: 'lax' as const, path: '/', signed: true };
  const secure = cookieSession({ ...base, name: SECURE_COOKIE_NAME, secure: true });
  const plain = cookieSession({ ...base, name: COOKIE_NAME, secure: false });
  const useSecure = (req: Request) => cookieSecure === 'always' || (cookieSecure === 'auto' && req.secure);

  const cookie: RequestHandler = (req, res, next) => (useSecure(req) ? secure : plain)(req, res, next);
  const tokenOf = (req: Request): string | undefined => {
    const token = (req.session as SessionCookie | null | undefined)?.t;
    return typeof token === 'string' && token.length > 0 && token.length < 100 ? token : undefined;
  };

  const resolve: RequestHandler = async (req, _res, next) => {
    const token = tokenOf(req);
    if (token) {
      const found = await auth.authenticate(token);
      if (found) req.auth = found;
      else req.session = null;
    }
    next();
  };

  const sessionLane = (req: Request): string => {
    const token = tokenOf(req);
    return token ? `t:${token}` : `a:${req.ip ?? ''}`;
  };
  const userLane = (req: Request): string | undefined => (req.auth ? `u:${req.auth.user.id}` : undefined);
  return { cookie, resolve, sessionLane, userLane };
}

export function setSessionCookie(req: Request, token: string, remember: boolean): void {
  req.session = { t: token, iat: Date.now() } satisfies SessionCookie;
  if (remember && req.sessionOptions) req.sessionOptions.maxAge = REMEMBER_ME_TTL_MS;
}

export function clearSessionCookie(req: Request): void {
  req.session = null;
}
