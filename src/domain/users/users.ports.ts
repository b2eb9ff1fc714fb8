import type { Page, PageRequest } from '../shared/list-page';
import type { NewSecurityEvent, SecurityEvent, SecurityEventFilter } from './security-event';
import type { NewSession, NewUser, Role, Session, User, UserOverview, UserWithPassword } from './user';
import type { CanonicalUsername } from './username';

export interface UserRepository {
  findById(id: number): Promise<User | null>;
  /** The account whose username has this canonical form (canonicalUsername), if any. */
  findByUsername(username: CanonicalUsername): Promise<UserWithPassword | null>;
  findWithPassword(id: number): Promise<UserWithPassword | null>;
  /** Inserts; with `onlyIfEmpty` the insert happens only when there is no user yet (atomically). */
  create(user: NewUser, options?: { onlyIfEmpty?: boolean }): Promise<User | null>;
  /** Moves last access to previous access and stamps the new one. */
  recordSignIn(id: number, at: Date): Promise<User>;
  /**
   * Null when there is no such user, or when `expectedUpdatedAt` is given and the row has another version.
   * A password alone leaves `updatedAt` as it is.
   */
  update(
    id: number,
    changes: Partial<Pick<User, 'name' | 'initials' | 'role' | 'disabledAt' | 'mustChangePassword'>> & {
      passwordHash?: string;
    },
    expectedUpdatedAt?: Date,
  ): Promise<User | null>;
  count(): Promise<number>;
  /** Inside a unit of work, `lock` holds the active administrators' rows until it ends, so two demotions cannot both pass. */
  countActiveAdmins(options?: { lock?: boolean }): Promise<number>;
  /** Accounts whose password is stored with anything but argon2id. */
  countWeakPasswordHashes(): Promise<number>;
  /** By id, oldest first. */
  list(page: PageRequest): Promise<Page<User>>;
  /** By id, oldest first, with each account's open sessions and latest activity. */
  listOverview(page: PageRequest, now: Date): Promise<Page<UserOverview>>;
}

export interface SecurityEventRepository {
  /** Joins the running unit of work, if any. */
  record(event: NewSecurityEvent & { ip: string | null; userAgent: string | null }): Promise<void>;
  /** Newest first. */
  list(filter: SecurityEventFilter, page: PageRequest): Promise<Page<SecurityEvent>>;
  /** Deletes entries older than `before`; returns how many. */
  purge(before: Date): Promise<number>;
}

export interface SessionRepository {
  create(session: NewSession): Promise<Session>;
  /** The live session for a token hash and its enabled user, or null (unknown, revoked, expired, disabled). */
  findLive(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null>;
  touch(id: string, at: Date): Promise<void>;
  revoke(id: string, at: Date): Promise<void>;
  /** Ends every session of a user, except `keepId`; returns how many ended. */
  revokeAllForUser(userId: number, at: Date, keepId?: string): Promise<number>;
  listLiveForUser(userId: number, now: Date): Promise<Session[]>;
  countLive(now: Date): Promise<number>;
  /** Deletes sessions that expired or were revoked before `before`. */
  purge(before: Date): Promise<number>;
}

/** Hashing and checking share a bounded pool of work; both throw PasswordWorkBusyError when its queue is full. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  /** False when a rule was already at its limit; then nothing was counted. */
  allowed: boolean;
  /** When refused: seconds until every rule has room again. 0 when allowed. */
  retryAfter: number;
  /** When allowed and this attempt took a rule's last place: seconds the block it starts lasts; else 0. */
  blocksFor: number;
  /** When allowed: attempts left before the tightest rule is full. 0 when refused. */
  remaining: number;
  /** Seconds until the windows counted start again (when refused, as retryAfter). */
  resetAfter: number;
}

/**
 * Counts attempts per key in fixed windows, shared across instances when Redis is configured. An attempt is
 * reserved before its work, in one atomic step for all its rules, so no burst gets more than a limit through.
 */
export interface RateLimiter {
  /** When every rule has room, counts the attempt against all of them at once; otherwise counts nothing. */
  consume(rules: RateLimitRule[]): Promise<RateLimitDecision>;
  /** Gives back an attempt that consume counted but that did no work (the server was too busy to do it). */
  refund(rules: RateLimitRule[]): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Reserves the next turn of a queue whose turns are `intervalMs` apart: how long to wait for it. Refused
   * (nothing reserved) when that wait would pass `maxWaitMs`.
   */
  takeTurn(key: string, intervalMs: number, maxWaitMs: number): Promise<TurnDecision>;
}

export type TurnDecision = { allowed: true; waitMs: number } | { allowed: false; retryAfter: number };

export type { Role };
