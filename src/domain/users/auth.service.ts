import { hash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject, injectable, optional } from 'inversify';
import { BoundedMap } from '../shared/bounded-map';
import type { Clock } from '../shared/clock';
import { NO_OPERATIONS_METRICS, type OperationsMetrics } from '../shared/operations-metrics.port';
import { CLOCK, OPERATIONS_METRICS } from '../shared/shared.tokens';
import type { ClientInfo } from './security-event';
import type { SecurityLog } from './security-log.service';
import { deriveInitials, type NewUser, type Role, type Session, type User } from './user';
import type { PasswordHasher, RateLimitRule, RateLimiter, SessionRepository, UserRepository } from './users.ports';
import { canonicalUsername, type CanonicalUsername } from './username';
import {
  PASSWORD_HASHER,
  RATE_LIMITER,
  SECURITY_LOG,
  SESSION_REPOSITORY,
  SIGN_IN_PACE,
  USER_REPOSITORY,
} from './users.tokens';
import {
  AccountDisabledError,
  InvalidCredentialsError,
  PasswordWorkBusyError,
  RoleNotAllowedError,
  TooManyAttemptsError,
  UsernameTakenError,
} from './users.errors';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Failures per account, and per client address, within the window. An account at its limit is locked (even the
 * right password gets 429). An address at its limit is not refused, so a right password still signs in from an
 * office behind one router; its password checks are paced instead (SignInPace).
 */
export const LOGIN_LIMITS = {
  perAccount: 5,
  perIp: 100,
  windowMs: FIFTEEN_MINUTES,
};

/**
 * The pace of an address past its failures: one password check every `everyMs` across every instance; an attempt
 * that would wait more than `maxWaitMs` for its turn gets 429. SIGN_IN_PACE_MS sets `everyMs` (signInPace).
 */
export interface SignInPace {
  everyMs: number;
  maxWaitMs: number;
}

/** The pace for one check every `everyMs` (3 s by default): a turn is waited for up to four checks ahead. */
export function signInPace(everyMs = 3000): SignInPace {
  return { everyMs, maxWaitMs: 4 * everyMs };
}
export const REGISTER_LIMITS = { perIp: 20, windowMs: 60 * 60 * 1000 };

export type { ClientInfo };

export interface SignedIn {
  user: User;
  session: Session;
  /** The secret the cookie carries; only its hash is stored. */
  token: string;
}

export interface RegisterInput {
  username: string;
  password: string;
  name: string;
  role: Role;
  /** Derived from the name when omitted (deriveInitials). */
  initials?: string;
}

export function hashToken(token: string): string {
  // crypto.hash: one call, no Hash object (on every signed-in request).
  return hash('sha256', token, 'hex');
}

@injectable()
export class AuthService {
  private dummyHash?: Promise<string>;
  /**
   * The hashes of tokens that named a live session when presented: a browser's next requests skip the SHA-256
   * (issue 31). Only tokens a session row matched go in, so made-up ones add nothing; whether the session is still
   * alive is read from its row on every request all the same.
   */
  private readonly liveTokenHashes = new BoundedMap<string, string>(10_000);

  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(SECURITY_LOG) private readonly securityLog: SecurityLog,
    @inject(SIGN_IN_PACE) private readonly pace: SignInPace,
    @inject(OPERATIONS_METRICS) @optional() private readonly metrics: OperationsMetrics = NO_OPERATIONS_METRICS,
  ) {}

  /**
   * Same answer and the same work (one argon2 verification) whether the username exists or not, so
   * neither the body nor the timing tells which usernames exist. The attempt is counted before that work,
   * in one atomic step per rule, so a burst of parallel attempts gets no more through. A right password gives
   * back what it took: the account and the address count failures only.
   */
  async login(username: string, password: string, remember: boolean, client: ClientInfo): Promise<SignedIn> {
    const account = accountRule(canonicalUsername(username));
    const decision = await this.limiter.consume([account]);
    if (!decision.allowed) {
      this.metrics.signInThrottled();
      throw new TooManyAttemptsError(decision.retryAfter);
    }
    const counted: RateLimitRule[] = [account];
    let blocksFor = decision.blocksFor;
    if (client.ip) {
      const address = addressRule(client.ip);
      const byAddress = await this.limiter.consume([address]);
      if (byAddress.allowed) {
        counted.push(address);
        blocksFor = Math.max(blocksFor, byAddress.blocksFor);
      } else await this.waitAddressTurn(client.ip, counted);
    }

    const user = await this.users.findByUsername(account.username);
    const valid = await this.refundIfBusy(counted, async () =>
      this.hasher.verify(user?.passwordHash ?? (await this.getDummyHash()), password),
    );
    // The log names the account when there is one and always the username as typed; never the password.
    const subject = { userId: user?.id ?? null, username: user?.username ?? username };
    if (!user || !valid) {
      this.metrics.signInFailed('invalid_credentials');
      await this.securityLog.recordQuietly(
        { type: 'sign_in_failed', ...subject, details: { reason: 'invalid_credentials' } },
        client,
      );
      // Recorded once, by the failure that took the last attempt of the account or address, not on every
      // refused attempt after (which would let anyone fill the log).
      if (blocksFor > 0)
        await this.securityLog.recordQuietly(
          { type: 'sign_in_throttled', ...subject, details: { retryAfterSeconds: blocksFor } },
          client,
        );
      throw new InvalidCredentialsError();
    }
    if (user.disabledAt) {
      this.metrics.signInFailed('disabled');
      await this.securityLog.recordQuietly(
        { type: 'sign_in_failed', ...subject, details: { reason: 'disabled' } },
        client,
      );
      throw new AccountDisabledError();
    }
    await this.limiter.reset(account.key);
    await this.limiter.refund(counted.slice(1));
    const signedIn = await this.users.recordSignIn(user.id, this.clock.now());
    const started = await this.startSession(signedIn, remember, client);
    await this.securityLog.recordQuietly({ type: 'sign_in', ...subject }, client);
    return started;
  }

  /**
   * An address past its failures waits its turn: its password checks come one at a time, `pace.everyMs` apart.
   * A guesser behind it is slowed to that pace, while a right password still gets in after a few seconds.
   */
  private async waitAddressTurn(ip: string, counted: RateLimitRule[]): Promise<void> {
    const turn = await this.limiter.takeTurn(`login:ip-pace:${ip}`, this.pace.everyMs, this.pace.maxWaitMs);
    if (!turn.allowed) {
      // Not checked: the account's attempt is given back.
      await this.limiter.refund(counted);
      this.metrics.signInThrottled();
      throw new TooManyAttemptsError(turn.retryAfter);
    }
    if (turn.waitMs > 0) await sleep(turn.waitMs);
  }

  /**
   * The first account of an empty system may take any role: it bootstraps the administrator. After that,
   * self-registration creates employees only.
   */
  async register(input: RegisterInput, client: ClientInfo): Promise<SignedIn> {
    const rules: RateLimitRule[] = client.ip
      ? [{ key: `register:ip:${client.ip}`, limit: REGISTER_LIMITS.perIp, windowMs: REGISTER_LIMITS.windowMs }]
      : [];
    const decision = await this.limiter.consume(rules);
    if (!decision.allowed) throw new TooManyAttemptsError(decision.retryAfter);

    if (await this.users.findByUsername(canonicalUsername(input.username))) throw new UsernameTakenError();
    const newUser: NewUser = {
      username: input.username,
      passwordHash: await this.refundIfBusy(rules, () => this.hasher.hash(input.password)),
      name: input.name.trim(),
      role: input.role,
      initials: (input.initials ?? deriveInitials(input.name, input.username)).toUpperCase(),
    };
    const created =
      input.role === 'employee'
        ? await this.users.create(newUser)
        : await this.users.create(newUser, { onlyIfEmpty: true });
    if (!created) throw new RoleNotAllowedError();
    await this.securityLog.recordQuietly(
      { type: 'user_registered', userId: created.id, username: created.username, details: { to: created.role } },
      client,
    );
    const signedIn = await this.users.recordSignIn(created.id, this.clock.now());
    // A first sign-in has no previous access to show.
    return this.startSession({ ...signedIn, lastAccess: null }, false, client);
  }

  /** Resolves a cookie's token to its live session and current user; null ends the request as anonymous. */
  async authenticate(token: string): Promise<{ user: User; session: Session } | null> {
    const now = this.clock.now();
    const known = this.liveTokenHashes.get(token);
    const tokenHash = known ?? hashToken(token);
    const found = await this.sessions.findLive(tokenHash, now);
    if (!found) return null;
    if (known === undefined) this.liveTokenHashes.set(token, tokenHash);
    if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.sessions.touch(found.session.id, now);
    }
    return found;
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
  }

  private async startSession(user: User, remember: boolean, client: ClientInfo): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const session = await this.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      remember,
      expiresAt: new Date(now.getTime() + (remember ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS)),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
    });
    return { user, session, token };
  }

  /** An attempt the server was too busy to check is given back: only checked passwords use up attempts. */
  private async refundIfBusy<T>(rules: RateLimitRule[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PasswordWorkBusyError) await this.limiter.refund(rules);
      throw error;
    }
  }

  private getDummyHash(): Promise<string> {
    // Forgotten when it fails (the hasher was busy), so a later sign-in computes it again.
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex')).catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    return this.dummyHash;
  }
}

/** The account's key is its canonical username, so no alias of it (case, width, accents) gets fresh attempts. */
function accountRule(username: CanonicalUsername): RateLimitRule & { username: CanonicalUsername } {
  return {
    username,
    key: `login:account:${username}`,
    limit: LOGIN_LIMITS.perAccount,
    windowMs: LOGIN_LIMITS.windowMs,
  };
}

function addressRule(ip: string): RateLimitRule {
  return { key: `login:ip:${ip}`, limit: LOGIN_LIMITS.perIp, windowMs: LOGIN_LIMITS.windowMs };
}
