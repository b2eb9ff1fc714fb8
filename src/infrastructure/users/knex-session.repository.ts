import { injectable } from 'inversify';
import type { NewSession, Session, User } from '../../domain/users/user';
import type { SessionRepository } from '../../domain/users/users.ports';
import { SessionModel, UserModel } from './user.model';

const toSession = (row: SessionModel): Session => ({
  id: row.id,
  userId: row.userId,
  remember: row.remember,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lastSeenAt: row.lastSeenAt,
  userAgent: row.userAgent,
  ip: row.ip,
});

interface SessionColumns {
  sessionId: string;
  sessionRemember: boolean;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  sessionLastSeenAt: Date;
  sessionUserAgent: string | null;
  sessionIp: string | null;
}

@injectable()
export class KnexSessionRepository implements SessionRepository {
  async create(session: NewSession): Promise<Session> {
    return toSession(await SessionModel.query().insert(session).returning('*'));
  }

  /** One round trip per request: the live session and its enabled user, joined. */
  async findLive(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null> {
    const row = (await UserModel.query()
      .join('sessions', 'sessions.userId', 'users.id')
      .where('sessions.tokenHash', tokenHash)
      .whereNull('sessions.revokedAt')
      .where('sessions.expiresAt', '>', now)
      .whereNull('users.disabledAt')
      .select(
        'users.*',
        'sessions.id as sessionId',
        'sessions.remember as sessionRemember',
        'sessions.createdAt as sessionCreatedAt',
        'sessions.expiresAt as sessionExpiresAt',
        'sessions.lastSeenAt as sessionLastSeenAt',
        'sessions.userAgent as sessionUserAgent',
        'sessions.ip as sessionIp',
      )
      .first()) as (UserModel & SessionColumns) | undefined;
    if (!row) return null;
    const session: Session = {
      id: row.sessionId,
      userId: row.id,
      remember: row.sessionRemember,
      createdAt: row.sessionCreatedAt,
      expiresAt: row.sessionExpiresAt,
      lastSeenAt: row.sessionLastSeenAt,
      userAgent: row.sessionUserAgent,
      ip: row.sessionIp,
    };
    return { session, user: row.toDomain() };
  }

  async touch(id: string, at: Date): Promise<void> {
    await SessionModel.query().patch({ lastSeenAt: at }).where({ id });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await SessionModel.query().patch({ revokedAt: at }).where({ id }).whereNull('revokedAt');
  }

  async revokeAllForUser(userId: number, at: Date, keepId?: string): Promise<number> {
    return SessionModel.query()
      .patch({ revokedAt: at })
      .where({ userId })
      .whereNull('revokedAt')
      .modify((q) => keepId !== undefined && q.whereNot('id', keepId));
  }

  async listLiveForUser(userId: number, now: Date): Promise<Session[]> {
    const rows = await SessionModel.query()
      .where({ userId })
      .whereNull('revokedAt')
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .limit(100);
    return rows.map(toSession);
  }

  async countLive(now: Date): Promise<number> {
    const row = (await SessionModel.query().whereNull('revokedAt').where('expiresAt', '>', now).count('* as count').first()) as unknown as {
      count: number | string;
    };
    return Number(row.count);
  }

  async purge(before: Date): Promise<number> {
    return SessionModel.query()
      .delete()
      .where((q) => q.where('expiresAt', '<', before).orWhere('revokedAt', '<', before));
  }
}
