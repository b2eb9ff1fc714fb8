import { inject, injectable } from 'inversify';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewSession, Session, User } from '../../domain/users/user';
import type { SessionRepository } from '../../domain/users/users.ports';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { SessionModel, toSession, toUser } from './user.model';

// The session's columns beside the user's in findLive: sessions.created_at as session_created_at...
const SESSION_COLUMNS = ['id', 'remember', 'createdAt', 'expiresAt', 'lastSeenAt', 'userAgent', 'ip'];
const prefixed = (column: string) => `session${column[0].toUpperCase()}${column.slice(1)}`;

@injectable()
export class KnexSessionRepository implements SessionRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return SessionModel.query(this.uow.db);
  }

  async create(session: NewSession): Promise<Session> {
    return toSession(await this.query().insert(session as object).returning('*'));
  }

  /**
   * Every request's check: one query, the live session joined to its enabled user. A plain query
   * through the same door: no model instances on this path.
   */
  async findLive(tokenHash: string, now: Date): Promise<{ session: Session; user: User } | null> {
    const row: Record<string, unknown> | undefined = await this.uow
      .db('sessions')
      .join('users', 'users.id', 'sessions.userId')
      .where('sessions.tokenHash', tokenHash)
      .whereNull('sessions.revokedAt')
      .where('sessions.expiresAt', '>', now)
      .whereNull('users.disabledAt')
      .first('users.*', ...SESSION_COLUMNS.map((column) => `sessions.${column} as ${prefixed(column)}`));
    if (!row) return null;
    const session = toSession({ ...Object.fromEntries(SESSION_COLUMNS.map((column) => [column, row[prefixed(column)]])), userId: row.id });
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
