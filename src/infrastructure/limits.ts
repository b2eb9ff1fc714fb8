import Joi from 'joi';

/**
 * What keeps one user or one heavy statement from making the app unresponsive for everyone else (issue 14):
 * API statements are cancelled past a few seconds, a request that cannot get a database connection soon
 * answers 503, and each user has a few requests in progress at once, the rest waiting in a short queue.
 */
export interface Limits {
  /** API requests' statements are cancelled past this (PostgreSQL `statement_timeout`); 0 = never. */
  statementTimeoutMs: number;
  /** The jobs' and migrations' statements, on a pool of their own (imports, report refresh); 0 = never. */
  backgroundStatementTimeoutMs: number;
  /** How long an API request waits for a database connection before it answers 503. */
  acquireTimeoutMs: number;
  /** Connections of the API pool (PostgreSQL). */
  poolMax: number;
  /** API requests one signed-in user (or one anonymous address) has in progress at once. */
  concurrentPerUser: number;
  /** Their requests beyond that wait in a queue this long; one more answers 429. */
  queuedPerUser: number;
  /** The longest wait in that queue before a 429. */
  queueWaitMs: number;
  /**
   * How long a cached read (the home's sections) is answered at most when nothing was written meanwhile: what
   * changes with the clock alone (an activity becoming overdue) shows this late at worst. 0 turns the cache off.
   */
  readCacheSeconds: number;
}

export const DEFAULT_LIMITS: Limits = {
  statementTimeoutMs: 5_000,
  backgroundStatementTimeoutMs: 10 * 60_000,
  acquireTimeoutMs: 5_000,
  poolMax: 10,
  concurrentPerUser: 2,
  // Room for a flood of requests to wait rather than be refused: a refused client that retries at once costs a
  // session check per try, and a stream of those took the CPU other users needed (p99 10 -> 94 ms with 32; 19 ms
  // with room for the 50 of the load test's flood).
  queuedPerUser: 100,
  queueWaitMs: 10_000,
  readCacheSeconds: 30,
};

/** The environment variables, spread into the config schema. */
export const LIMITS_ENV = {
  DB_STATEMENT_TIMEOUT_MS: Joi.number().integer().min(0).max(3_600_000),
  DB_JOB_STATEMENT_TIMEOUT_MS: Joi.number().integer().min(0).max(86_400_000),
  DB_ACQUIRE_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000),
  DB_POOL_MAX: Joi.number().integer().min(2).max(500),
  API_CONCURRENCY_PER_USER: Joi.number().integer().min(1).max(1_000),
  API_QUEUE_PER_USER: Joi.number().integer().min(0).max(10_000),
  READ_CACHE_SECONDS: Joi.number().integer().min(0).max(3_600),
};

/** The limits set in the (validated) environment; unset ones keep their defaults. */
export function limitsFromEnv(value: Record<string, number | undefined>): Partial<Limits> {
  const set = {
    statementTimeoutMs: value.DB_STATEMENT_TIMEOUT_MS,
    backgroundStatementTimeoutMs: value.DB_JOB_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: value.DB_ACQUIRE_TIMEOUT_MS,
    poolMax: value.DB_POOL_MAX,
    concurrentPerUser: value.API_CONCURRENCY_PER_USER,
    queuedPerUser: value.API_QUEUE_PER_USER,
    readCacheSeconds: value.READ_CACHE_SECONDS,
  };
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
}

export function withDefaults(limits: Partial<Limits> | undefined): Limits {
  return { ...DEFAULT_LIMITS, ...limits };
}
