import { inject, injectable } from 'inversify';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewSession, Session, User } from '../../domain/users/user';
import type { SessionRepository } from '../../domain/users/users.ports';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { SessionModel, toSession } from './user.model';

/**
 * Every request's check: the live session joined to its enabled user, only the columns the domain reads (no
 * password hash). Written once as SQL and only bound per request: built with the query builder, its compilation
 * was the largest part of a session check's CPU.
 */
const FIND_LIVE = `
  SELECT u.id, u.username, u.name, u.role, u.initials, u.previous_access, u.disabled_at, u.must_change_password,
         u.created_at, u.updated_at, s.id AS session_id, s.remember, s.created_at AS session_created_at, s.expires_at,
         s.last_seen_at, s.user_agent, s.ip
  FROM sessions AS s JOIN users AS u ON u.id = s.user_id
  WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.disabled_at IS NULL
  LIMIT 1`;

type LiveRow = Record<
  | 'id' | 'username' | 'name' | 'role' | 'initials' | 'previous_access' | 'disabled_at' | 'must_change_password' | 'created_at'
  | 'updated_at' | 'session_id' | 'remember' | 'session_created_at' | 'expires_at' | 'last_seen_at' | 'user_agent' | 'ip',
  never
>;

@injectable()
export class KnexSessionRepository implements SessionRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return SessionModel.query(this.uow.db);
  }

  async create(session: NewSession): Promise<Session> {
    return toSession(await this.query().insert(session as object).returning('*'));
  }

  async findLive(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null> {
    const { rows } = (await this.uow.db.raw(FIND_LIVE, [tokenHash, now])) as { rows: LiveRow[] };
    const row = rows[0];
    if (!row) return null;
    const user: User = {
      id: row.id,
      username: row.username,
      name: row.name,
      role: row.role,
      initials: row.initials,
      lastAccess: row.previous_access,
      disabledAt: row.disabled_at,
      mustChangePassword: row.must_change_password,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
    const session: Session = {
      id: row.session_id,
      userId: row.id,
      remember: row.remember,
      createdAt: row.session_created_at,
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
      userAgent: row.user_agent,
      ip: row.ip,
    };
    return { session, user };
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.query().patch({ lastSeenAt: at }).findById(id);
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.query().patch({ revokedAt: at }).findById(id).whereNull('revokedAt');
  }

  async revokeAllForUser(userId: number, at: Date, keepId?: string): Promise<number> {
    return this.query()
      .patch({ revokedAt: at })
      .where({ userId })
      .whereNull('revokedAt')
      .modify((q) => keepId !== undefined && q.whereNot('id', keepId));
  }

  async listLiveForUser(userId: number, now: Date): Promise<Session[]> {
    const rows = await this.query().where({ userId }).whereNull('revokedAt').where('expiresAt', '>', now).orderBy('createdAt', 'desc').limit(100);
    return rows.map(toSession);
  }

  countLive(now: Date): Promise<number> {
    return this.query().whereNull('revokedAt').where('expiresAt', '>', now).resultSize();
  }

  async purge(before: Date): Promise<number> {
    return this.query()
      .delete()
      .where((q) => q.where('expiresAt', '<', before).orWhere('revokedAt', '<', before));
  }
}
