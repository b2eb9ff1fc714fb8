import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import { CLOCK } from '../shared/shared.tokens';
import { ConflictError } from '../crm/crm.errors';
import { publicUser, type Role, type Session, type User } from './user';
import type { Page, PageRequest } from '../shared/list-page';
import type { PasswordHasher, SessionRepository, UserRepository } from './users.ports';
import { PASSWORD_HASHER, SESSION_REPOSITORY, USER_REPOSITORY } from './users.tokens';
import { LastAdminError, SessionNotFoundError, UserNotFoundError, WrongPasswordError } from './users.errors';

const SESSION_RECORD_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export type ProfileChanges = Partial<Pick<User, 'name' | 'initials'>>;

export interface AdminUserChanges {
  role?: Role;
  disabled?: boolean;
}

@injectable()
export class UsersService {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(CLOCK) private readonly clock: Clock,
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

  /** A password change ends every other session of the user at once. */
  async changePassword(userId: number, currentSessionId: string, currentPassword: string, newPassword: string): Promise<number> {
    const user = await this.users.findWithPassword(userId);
    if (!user) throw new UserNotFoundError();
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) throw new WrongPasswordError();
    await this.users.update(userId, { passwordHash: await this.hasher.hash(newPassword) });
    return this.sessions.revokeAllForUser(userId, this.clock.now(), currentSessionId);
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

  /**
   * Role and status changes are read on the very next request (the session check loads the user);
   * disabling also ends every session. The last active administrator is protected.
   */
  async adminUpdate(userId: number, changes: AdminUserChanges): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new UserNotFoundError();
    const losesAdmin = user.role === 'admin' && !user.disabledAt && ((changes.role && changes.role !== 'admin') || changes.disabled);
    if (losesAdmin && (await this.users.countActiveAdmins()) <= 1) throw new LastAdminError();
    const now = this.clock.now();
    const updated = await this.users.update(userId, {
      ...(changes.role && { role: changes.role }),
      ...(changes.disabled !== undefined && { disabledAt: changes.disabled ? (user.disabledAt ?? now) : null }),
    });
    if (changes.disabled) await this.sessions.revokeAllForUser(userId, now);
    return updated!;
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
