import { randomInt } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import { ConflictError } from '../shared/conflict.error';
import type { ClientInfo } from './security-event';
import type { SecurityLog } from './security-log.service';
import { deriveInitials, publicUser, type Role, type Session, type User, type UserOverview } from './user';
import { canonicalUsername } from './username';
import type { Page, PageRequest } from '../shared/list-page';
import type { PasswordHasher, SessionRepository, UserRepository } from './users.ports';
import { PASSWORD_HASHER, SECURITY_LOG, SESSION_REPOSITORY, USER_REPOSITORY } from './users.tokens';
import {
  LastAdminError,
  PasswordUnchangedError,
  SessionNotFoundError,
  UserNotFoundError,
  UsernameTakenError,
  WrongPasswordError,
} from './users.errors';

const SESSION_RECORD_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export type ProfileChanges = Partial<Pick<User, 'name' | 'initials'>>;

export interface AdminUserChanges {
  role?: Role;
  disabled?: boolean;
}

export interface NewUserByAdmin {
  username: string;
  name: string;
  /** Derived from the name when omitted (deriveInitials). */
  initials?: string;
  role: Role;
  /** Typed by the administrator; the user must replace it at the first sign-in. */
  temporaryPassword: string;
}

/** Who did an administrator's action, and from where (for the security log). */
export interface Actor {
  userId: number;
  client: ClientInfo;
}

// No 0/O, 1/l/I: read aloud or copied by hand without mistakes. 12 of 56 characters: about 70 bits.
const TEMPORARY_PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEMPORARY_PASSWORD_LENGTH = 12;

export function generateTemporaryPassword(): string {
  return Array.from(
    { length: TEMPORARY_PASSWORD_LENGTH },
    () => TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)],
  ).join('');
}

@injectable()
export class UsersService {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(SECURITY_LOG) private readonly securityLog: SecurityLog,
  ) {}

  /** `expectedUpdatedAt` is the version the client read: when the account changed since, a 409 with it as it is now. */
  async updateProfile(userId: number, changes: ProfileChanges, expectedUpdatedAt?: Date): Promise<User> {
    const clean = {
      ...(changes.name !== undefined && { name: changes.name.trim() }),
      ...(changes.initials !== undefined && { initials: changes.initials.toUpperCase() }),
    };
    const updated = await this.users.update(userId, clean, expectedUpdatedAt);
    if (updated) return updated;
    const current = await this.users.findById(userId);
    if (!current) throw new UserNotFoundError();
    throw new ConflictError(publicUser(current));
  }

  /**
   * A password change ends every other session of the user at once. A temporary password (set by an
   * administrator) must be replaced by another one; the change lifts the account's restriction.
   */
  async changePassword(
    userId: number,
    currentSessionId: string,
    currentPassword: string,
    newPassword: string,
    client: ClientInfo,
  ): Promise<number> {
    const user = await this.users.findWithPassword(userId);
    if (!user) throw new UserNotFoundError();
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) throw new WrongPasswordError();
    if (user.mustChangePassword && currentPassword === newPassword) throw new PasswordUnchangedError();
    const passwordHash = await this.hasher.hash(newPassword);
    return this.uow.run(async () => {
      await this.users.update(userId, { passwordHash, ...(user.mustChangePassword && { mustChangePassword: false }) });
      const endedSessions = await this.sessions.revokeAllForUser(userId, this.clock.now(), currentSessionId);
      await this.securityLog.record(
        { type: 'password_changed', userId, username: user.username, details: { endedSessions } },
        client,
      );
      return endedSessions;
    });
  }

  listSessions(userId: number): Promise<Session[]> {
    return this.sessions.listLiveForUser(userId, this.clock.now());
  }

  async endSession(userId: number, sessionId: string): Promise<void> {
    const live = await this.sessions.listLiveForUser(userId, this.clock.now());
    if (!live.some((s) => s.id === sessionId)) throw new SessionNotFoundError();
    await this.sessions.revoke(sessionId, this.clock.now());
  }

  list(page: PageRequest): Promise<Page<User>> {
    return this.users.list(page);
  }

  listOverview(page: PageRequest): Promise<Page<UserOverview>> {
    return this.users.listOverview(page, this.clock.now());
  }

  /** An administrator creates an account with a temporary password, to be replaced at its first sign-in. */
  async create(input: NewUserByAdmin, actor: Actor): Promise<User> {
    if (await this.users.findByUsername(canonicalUsername(input.username))) throw new UsernameTakenError();
    const passwordHash = await this.hasher.hash(input.temporaryPassword);
    return this.uow.run(async () => {
      const created = (await this.users.create({
        username: input.username,
        passwordHash,
        name: input.name.trim(),
        role: input.role,
        initials: (input.initials ?? deriveInitials(input.name, input.username)).toUpperCase(),
        mustChangePassword: true,
      }))!;
      await this.securityLog.record(
        {
          type: 'user_created',
          userId: created.id,
          username: created.username,
          actorId: actor.userId,
          details: { to: created.role },
        },
        actor.client,
      );
      return created;
    });
  }

  /**
   * Role and status changes are read on the very next request (the session check loads the user);
   * disabling also ends every session. The last active administrator cannot lose the role or be
   * disabled: the active administrators' rows stay locked until the change commits.
   */
  async adminUpdate(userId: number, changes: AdminUserChanges, actor: Actor): Promise<User> {
    return this.uow.run(async () => {
      const user = await this.users.findById(userId);
      if (!user) throw new UserNotFoundError();
      const losesAdmin =
        user.role === 'admin' && !user.disabledAt && ((changes.role && changes.role !== 'admin') || changes.disabled);
      if (losesAdmin && (await this.users.countActiveAdmins({ lock: true })) <= 1) throw new LastAdminError();
      const now = this.clock.now();
      const updated = (await this.users.update(userId, {
        ...(changes.role && { role: changes.role }),
        ...(changes.disabled !== undefined && { disabledAt: changes.disabled ? (user.disabledAt ?? now) : null }),
      }))!;
      const subject = { userId, username: user.username, actorId: actor.userId };
      if (changes.role && changes.role !== user.role) {
        await this.securityLog.record(
          { ...subject, type: 'role_changed', details: { from: user.role, to: changes.role } },
          actor.client,
        );
      }
      if (changes.disabled && !user.disabledAt) {
        const endedSessions = await this.sessions.revokeAllForUser(userId, now);
        await this.securityLog.record({ ...subject, type: 'user_disabled', details: { endedSessions } }, actor.client);
      } else if (changes.disabled === false && user.disabledAt) {
        await this.securityLog.record({ ...subject, type: 'user_enabled' }, actor.client);
      }
      return updated;
    });
  }

  /**
   * A new temporary password, generated here and shown once to the administrator: the user must replace
   * it at the next sign-in, and every session of the account ends now.
   */
  async resetPassword(userId: number, actor: Actor): Promise<{ temporaryPassword: string; endedSessions: number }> {
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await this.hasher.hash(temporaryPassword);
    return this.uow.run(async () => {
      const user = await this.users.findById(userId);
      if (!user) throw new UserNotFoundError();
      await this.users.update(userId, { passwordHash, mustChangePassword: true });
      const endedSessions = await this.sessions.revokeAllForUser(userId, this.clock.now());
      await this.securityLog.record(
        { type: 'password_reset', userId, username: user.username, actorId: actor.userId, details: { endedSessions } },
        actor.client,
      );
      return { temporaryPassword, endedSessions };
    });
  }

  /** Ends every open session of a user: each of their pages finds itself signed out on its next call. */
  async endAllSessions(userId: number, actor: Actor): Promise<number> {
    return this.uow.run(async () => {
      const user = await this.users.findById(userId);
      if (!user) throw new UserNotFoundError();
      const endedSessions = await this.sessions.revokeAllForUser(userId, this.clock.now());
      await this.securityLog.record(
        { type: 'sessions_ended', userId, username: user.username, actorId: actor.userId, details: { endedSessions } },
        actor.client,
      );
      return endedSessions;
    });
  }

  /** Removes sessions that ended more than a week ago; returns how many. */
  purgeSessions(): Promise<number> {
    return this.sessions.purge(new Date(this.clock.now().getTime() - SESSION_RECORD_KEEP_MS));
  }

  countWeakPasswordHashes(): Promise<number> {
    return this.users.countWeakPasswordHashes();
  }

  countUsers(): Promise<number> {
    return this.users.count();
  }

  countLiveSessions(): Promise<number> {
    return this.sessions.countLive(this.clock.now());
  }
}
