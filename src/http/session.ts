import cookieSession from 'cookie-session';
import type { Request, RequestHandler, Response } from 'express';
import type { CookieSecure } from '../infrastructure/config';
import type { AuthService } from '../domain/users/auth.service';
import { REMEMBER_ME_TTL_MS } from '../domain/users/auth.service';
import { BoundedMap } from '../domain/shared/bounded-map';
import { SessionKeys } from './session-keys';

export const COOKIE_NAME = 'funil.sid';
export const SECURE_COOKIE_NAME = '__Host-funil.sid';

interface SessionCookie {
  /** The random session token; the database keeps only its hash. */
  t?: string;
  /** Issue time (ms), so a cookie's age can be told without a lookup. */
  iat?: number;
}

/** What a request knows of its session cookie once `cookie` has run. */
interface RequestSessionCookie {
  /** The token of a cookie whose signature holds, if any. */
  token: string | undefined;
  /** Whether the cookie is the Secure `__Host-` one (HTTPS). */
  secure: boolean;
  /** cookie-session for this request, opened when the request writes the cookie (sign-in, sign-out, a stale cookie). */
  open: (req: Request, res: Response) => void;
}

declare module 'express-serve-static-core' {
  interface Request {
    sessionCookie?: RequestSessionCookie;
  }
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

const noop = () => undefined;

/**
 * cookie-session carries only the session token, signed; the sessions table decides on every request
 * whether it is still valid, so logout, a password change or a disabled account take effect at once.
 * Over HTTPS the cookie is Secure with the `__Host-` prefix.
 *
 * Every request reads the cookie here: its value and its `.sig` cookie, the signature checked as cookie-session
 * checks it (same keys, same HMAC), the value decoded as cookie-session encodes it. cookie-session itself runs
 * only for a request that writes the cookie: it defines `req.session` as an accessor of new closures and wraps
 * `res.writeHead` on each request it sees, which gives every request object a shape of its own and made each
 * property read on it miss V8's caches (a sixth of a session check's CPU).
 */
export function sessionMiddleware(secret: string, cookieSecure: CookieSecure, auth: AuthService): SessionMiddleware {
  const keys = new SessionKeys([secret]);
  const verified: VerifiedCookies = new BoundedMap(10_000);
  const base = { keys, httpOnly: true, sameSite: 'lax' as const, path: '/', signed: true };
  const writers = {
    secure: cookieSession({ ...base, name: SECURE_COOKIE_NAME, secure: true }),
    plain: cookieSession({ ...base, name: COOKIE_NAME, secure: false }),
  };
  const useSecure = (req: Request) => cookieSecure === 'always' || (cookieSecure === 'auto' && req.secure);
  const openSecure = (req: Request, res: Response) => writers.secure(req, res, noop);
  const openPlain = (req: Request, res: Response) => writers.plain(req, res, noop);

  const cookie: RequestHandler = (req, _res, next) => {
    const secure = useSecure(req);
    const name = secure ? SECURE_COOKIE_NAME : COOKIE_NAME;
    req.sessionCookie = {
      token: readToken(req.headers.cookie, name, keys, verified),
      secure,
      open: secure ? openSecure : openPlain,
    };
    next();
  };

  const resolve: RequestHandler = async (req, _res, next) => {
    const token = req.sessionCookie?.token;
    if (token) {
      const found = await auth.authenticate(token);
      if (found) req.auth = found;
      else clearSessionCookie(req);
    }
    next();
  };

  const sessionLane = (req: Request): string => {
    const token = req.sessionCookie?.token;
    return token ? `t:${token}` : `a:${req.ip ?? ''}`;
  };
  const userLane = (req: Request): string | undefined => (req.auth ? `u:${req.auth.user.id}` : undefined);
  return { cookie, resolve, sessionLane, userLane };
}

/**
 * The tokens of cookies whose signature held, by the cookie as sent (name, value and signature): a signature checked
 * once holds for as long as the keys do, which is the process's life, so a browser's next requests skip the HMAC
 * (issue 31). Only cookies that passed the check go in, so a flood of forged ones adds nothing; the oldest leave first
 * past 10,000. Nothing here says a session is alive: every request still reads its row (revocation is unchanged).
 */
type VerifiedCookies = BoundedMap<string, string>;

/** The session token of the signed cookie `name` in a Cookie header, if its signature holds. */
function readToken(
  header: string | undefined,
  name: string,
  keys: SessionKeys,
  verified: VerifiedCookies,
): string | undefined {
  if (!header) return undefined;
  let value: string | undefined;
  let signature: string | undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const key = pair.slice(0, eq).trim();
    if (key === name) value ??= unquote(pair.slice(eq + 1).trim());
    else if (key.length === name.length + 4 && key === `${name}.sig`) signature ??= unquote(pair.slice(eq + 1).trim());
  }
  if (!value || !signature) return undefined;
  const cookie = `${name}=${value}.${signature}`;
  const known = verified.get(cookie);
  if (known !== undefined) return known;
  if (keys.index(`${name}=${value}`, signature) < 0) return undefined;
  let decoded: SessionCookie;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as SessionCookie;
  } catch {
    return undefined;
  }
  const token = decoded?.t;
  if (typeof token !== 'string' || token.length === 0 || token.length >= 100) return undefined;
  verified.set(cookie, token);
  return token;
}

const unquote = (value: string) =>
  value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;

/** cookie-session on this request (once), so `req.session` and `req.sessionOptions` exist to write the cookie. */
function opened(req: Request): Request {
  if (req.sessionOptions === undefined && req.res) req.sessionCookie?.open(req, req.res);
  return req;
}

export function setSessionCookie(req: Request, token: string, remember: boolean): void {
  opened(req).session = { t: token, iat: Date.now() } satisfies SessionCookie;
  if (remember && req.sessionOptions) req.sessionOptions.maxAge = REMEMBER_ME_TTL_MS;
}

export function clearSessionCookie(req: Request): void {
  opened(req).session = null;
}
