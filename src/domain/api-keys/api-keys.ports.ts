import type { User } from '../users/user';
import type { ApiKey, NewApiKey } from './api-key';

export interface ApiKeyRepository {
  create(key: NewApiKey): Promise<ApiKey>;
  /** A person's keys (revoked ones too), newest first; or everyone's (`userId` undefined). */
  list(userId: number | undefined): Promise<ApiKey[]>;
  findById(id: number): Promise<ApiKey | null>;
  /** The key with this secret hash that is neither revoked nor expired at `now`, with its owner (an enabled account). */
  findLive(
    secretHash: string,
    now: Date,
  ): Promise<{ key: Pick<ApiKey, 'id' | 'name' | 'scope' | 'lastUsedAt'>; user: User } | null>;
  countLive(userId: number, now: Date): Promise<number>;
  /** Marks it revoked (kept, for the list's history); false when it was already. */
  revoke(id: number, at: Date): Promise<boolean>;
  touch(id: number, at: Date): Promise<void>;
}
