import { inject, injectable } from 'inversify';
import type { ApiKey, NewApiKey } from '../../domain/api-keys/api-key';
import type { User } from '../../domain/users/user';
import { toUser, USER_SELECT } from '../users/user.model';
import type { ApiKeyRepository } from '../../domain/api-keys/api-keys.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { referenced } from '../crm/knex-record-store';
import { plain, tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const ApiKeyModel = tableModel('apiKeys');

/** A request's key and its enabled owner, as the sessions' check reads a session (only the columns the domain reads). */
const FIND_LIVE = `
  SELECT ${USER_SELECT},
         k.id AS "keyId", k.name AS "keyName", k.scope, k.last_used_at AS "lastUsedAt"
  FROM api_keys AS k JOIN users AS u ON u.id = k.user_id
  WHERE k.secret_hash = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?) AND u.disabled_at IS NULL
  LIMIT 1`;

/** Never the hash: what a list or a check needs. */
const COLUMNS = [
  'apiKeys.id',
  'apiKeys.userId',
  'apiKeys.name',
  'apiKeys.prefix',
  'apiKeys.scope',
  'apiKeys.expiresAt',
  'apiKeys.lastUsedAt',
  'apiKeys.revokedAt',
  'apiKeys.createdAt',
  referenced('users', 'name', 'apiKeys.userId', 'userName'),
];

@injectable()
export class KnexApiKeyRepository implements ApiKeyRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private select() {
    return ApiKeyModel.query(this.uow.db).select(COLUMNS);
  }

  async create(key: NewApiKey): Promise<ApiKey> {
    const row = await ApiKeyModel.query(this.uow.db)
      .insert({ ...key })
      .returning('id');
    return (await this.findById(row.id as number))!;
  }

  /** api_keys_user_index. */
  async list(userId: number | undefined): Promise<ApiKey[]> {
    const rows = await this.select()
      .modify((q) => userId !== undefined && q.where('apiKeys.userId', userId))
      .orderBy('apiKeys.id', 'desc')
      .limit(1000);
    return rows.map((row) => plain<ApiKey>(row));
  }

  async findById(id: number): Promise<ApiKey | null> {
    const row = await this.select().findById(id);
    return row ? plain<ApiKey>(row) : null;
  }

  /** The unique index on the hash; the owner's account must be enabled. One statement, bound per request. */
  async findLive(
    secretHash: string,
    now: Date,
  ): Promise<{ key: Pick<ApiKey, 'id' | 'name' | 'scope' | 'lastUsedAt'>; user: User } | null> {
    const { rows } = (await this.uow.db.raw(FIND_LIVE, [secretHash, now])) as { rows: Record<string, unknown>[] };
    const row = rows[0];
    if (!row) return null;
    const key = { id: row.keyId, name: row.keyName, scope: row.scope, lastUsedAt: row.lastUsedAt };
    return { key: key as Pick<ApiKey, 'id' | 'name' | 'scope' | 'lastUsedAt'>, user: toUser(row) };
  }

  countLive(userId: number, now: Date): Promise<number> {
    return ApiKeyModel.query(this.uow.db)
      .where({ userId })
      .whereNull('revokedAt')
      .where((q) => q.whereNull('expiresAt').orWhere('expiresAt', '>', now))
      .resultSize();
  }

  async revoke(id: number, at: Date): Promise<boolean> {
    return (await ApiKeyModel.query(this.uow.db).patch({ revokedAt: at }).where({ id }).whereNull('revokedAt')) > 0;
  }

  async touch(id: number, at: Date): Promise<void> {
    await ApiKeyModel.query(this.uow.db).patch({ lastUsedAt: at }).where({ id });
  }
}
