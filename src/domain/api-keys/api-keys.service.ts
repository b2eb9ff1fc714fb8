import { createHash, randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { CLOCK } from '../shared/shared.tokens';
import type { Clock } from '../shared/clock';
import type { Viewer } from '../shared/viewer';
import type { User } from '../users/user';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_KEY_TOUCH_INTERVAL_MS,
  API_KEYS_PER_USER,
  type ApiKey,
  type ApiKeyScope,
  type KeyHolder,
} from './api-key';
import { ApiKeyLimitError, ApiKeyNotFoundError } from './api-keys.errors';
import type { ApiKeyRepository } from './api-keys.ports';
import { API_KEY_REPOSITORY } from './api-keys.tokens';

const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * A person's API keys: made with a name, a scope and an optional expiry, the secret shown once (`funil_` and 32 random
 * bytes, base64url) and kept only as its sha256; listed with the secret's first characters, the scope, the last use
 * and the expiry; revoked by their owner or an admin, at once (every request looks the key up). Someone else's key is
 * a 404 to all but admins.
 */
@injectable()
export class ApiKeysService {
  constructor(
    @inject(API_KEY_REPOSITORY) private readonly keys: ApiKeyRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(
    viewer: Viewer,
    input: { name: string; scope: ApiKeyScope; expiresAt?: Date | null },
  ): Promise<ApiKey & { secret: string }> {
    const now = this.clock.now();
    if ((await this.keys.countLive(viewer.id, now)) >= API_KEYS_PER_USER) throw new ApiKeyLimitError(API_KEYS_PER_USER);
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const key = await this.keys.create({
      userId: viewer.id,
      name: input.name,
      prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
      secretHash: hashOf(secret),
      scope: input.scope,
      expiresAt: input.expiresAt ?? null,
    });
    return { ...key, secret };
  }

  /** The viewer's own keys; with `everyone`, an admin's view of all of them. */
  list(viewer: Viewer, everyone = false): Promise<ApiKey[]> {
    return this.keys.list(everyone && viewer.role === 'admin' ? undefined : viewer.id);
  }

  async revoke(viewer: Viewer, id: number): Promise<void> {
    const key = await this.keys.findById(id);
    if (!key || (key.userId !== viewer.id && viewer.role !== 'admin')) throw new ApiKeyNotFoundError();
    await this.keys.revoke(id, this.clock.now());
  }

  /**
   * The live key a secret names and its owner (an active account), in one query; its last use noted at most once a
   * minute; null for anything else. Looked up on every request: a revoked or expired key stops at once.
   */
  async authenticate(secret: string): Promise<{ holder: KeyHolder; user: User } | null> {
    if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null;
    const now = this.clock.now();
    const found = await this.keys.findLive(hashOf(secret), now);
    if (!found) return null;
    const { key, user } = found;
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= API_KEY_TOUCH_INTERVAL_MS)
      await this.keys.touch(key.id, now);
    return { holder: { key: { id: key.id, name: key.name, scope: key.scope }, userId: user.id }, user };
  }
}
