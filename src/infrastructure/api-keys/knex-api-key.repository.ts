import { inject, injectable } from 'inversify';
import type { ApiKey, NewApiKey } from '../../domain/api-keys/api-key';
import type { ApiKeyRepository } from '../../domain/api-keys/api-keys.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { referenced } from '../crm/knex-record-store';
import { plain, tableModel } from '../db/base.model';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const ApiKeyModel = tableModel('apiKeys');

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

  /** The unique index on the hash; the owner's account must be active too. */
  async findLive(secretHash: string, now: Date): Promise<ApiKey | null> {
    const row = await this.select()
      .join('users', 'users.id', 'apiKeys.userId')
      .where('apiKeys.secretHash', secretHash)
      .whereNull('apiKeys.revokedAt')
      .whereNull('users.disabledAt')
      .where((q) => q.whereNull('apiKeys.expiresAt').orWhere('apiKeys.expiresAt', '>', now))
      .first();
    return row ? plain<ApiKey>(row) : null;
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
