/** What a key may do: read (GET) only, or read and write. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'funil_';
/** How much of the secret a list shows: the prefix and a few characters, enough to tell keys apart. */
export const API_KEY_SHOWN_LENGTH = 12;
/** At most this many live keys per person. */
export const API_KEYS_PER_USER = 20;
/** The last use is written at most this often per key. */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;
/** Each key's rate: this many requests in each window (600 a minute sustained, bursts of 100). */
export const API_KEY_RATE = { limit: 100, windowMs: 10_000 } as const;

export interface ApiKey {
  id: number;
  userId: number;
  /** Who owns it (for an admin's list). */
  userName: string | null;
  name: string;
  /** The secret's first characters (`funil_ab12cd`), never the rest. */
  prefix: string;
  scope: ApiKeyScope;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  userId: number;
  name: string;
  prefix: string;
  /** sha256 of the secret: a copy of the table cannot be used. */
  secretHash: string;
  scope: ApiKeyScope;
  expiresAt: Date | null;
}

/** A request made with a key: whose, which, and what it may do. */
export interface KeyHolder {
  key: Pick<ApiKey, 'id' | 'name' | 'scope'>;
  userId: number;
}
