import { inject, injectable } from 'inversify';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewSession, Session, User } from '../../domain/users/user';
import type { SessionRepository } from '../../domain/users/users.ports';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { SessionModel, toSession, toUser, USER_SELECT } from './user.model';
import { preparedRows } from '../db/prepared';

/**
 * Every request's check: the live session joined to its enabled user, only the columns the domain reads (no
 * password hash). Written once as SQL and only bound per request: built with the query builder, its compilation
 * was the largest part of a session check's CPU.
 */
const FIND_LIVE = `
  SELECT ${USER_SELECT},
         s.id AS "sessionId", s.remember, s.created_at AS "sessionCreatedAt", s.expires_at AS "expiresAt",
         s.last_seen_at AS "lastSeenAt", s.user_agent AS "userAgent", s.ip
  FROM sessions AS s JOIN users AS u ON u.id = s.user_id
  WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.disabled_at IS NULL
  LIMIT 1`;

/** FIND_LIVE's row: the user's columns (toUser) and the session's under names of their own. */
type LiveSessionRow = Record<string, unknown> &
  Pick<Session, 'remember' | 'expiresAt' | 'lastSeenAt' | 'userAgent' | 'ip'> & {
    id: number;
    sessionId: string;
    sessionCreatedAt: Date;
  };

@injectable()
export class KnexSessionRepository implements SessionRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return SessionModel.query(this.uow.db);
  }

  async create(session: NewSession): Promise<Session> {
    return toSession(
      await this.query()
        .insert(session as object)
        .returning('*'),
    );
  }

  async findLive(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null> {
    // The time as ISO 8601 (UTC): pg's own Date conversion writes local time field by field on every request.
    const [row] = await preparedRows<LiveSessionRow>(this.uow.db, 'funil_session_find_live', FIND_LIVE, [
      tokenHash,
      now.toISOString(),
    ]);
    if (!row) return null;
    // Written out, not spread from the row: this runs on every signed-in request.
    const session: Session = {
      id: row.sessionId,
      userId: row.id,
      remember: row.remember,
      createdAt: row.sessionCreatedAt,
      expiresAt: row.expiresAt,
      lastSeenAt: row.lastSeenAt,
      userAgent: row.userAgent,
      ip: row.ip,
    };
    return { session, user: toUser(row) };
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
    const rows = await this.query()
      .where({ userId })
      .whereNull('revokedAt')
      .where('expiresAt', '>', now)
      .orderBy('createdAt', 'desc')
      .limit(100);
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
