import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Joi from 'joi';
import { LIMITS_ENV, limitsFromEnv, type Limits } from './limits';

export type CookieSecure = 'auto' | 'always' | 'never';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Unset: jobs run in-process. */
  redisUrl?: string;
  /** BullMQ key prefix; lets several deployments (or test servers) share one Redis. Default `funil`. */
  queuePrefix?: string;
  /** Every queue's job lock (QueueSettings.lockMs) instead of its own: how soon a killed worker's jobs run again. */
  queueLockMs?: number;
  /** One password check every this many ms for an address past its failures (SIGN_IN_PACE_MS); unset, 3 s. */
  signInPaceMs?: number;
  /** How often due reminders are looked for (REMINDER_SCAN_SECONDS): the most a reminder can be late. */
  reminderScanMs?: number;
  /** How often due webhook deliveries are looked for (WEBHOOK_SCAN_SECONDS): the most a delivery waits. */
  webhookScanMs?: number;
  sessionSecret: string;
  /** False when the secret was generated and kept in DATA_DIR rather than set by the operator. */
  sessionSecretConfigured: boolean;
  demo: boolean;
  logLevel: string;
  trustProxy: number;
  cookieSecure: CookieSecure;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  /** Statement timeouts, pool and per-user concurrency (see limits.ts); unset ones keep their defaults. */
  limits?: Partial<Limits>;
  /** Host names accepted besides PUBLIC_URL's (and, outside production, localhost): see hostGuard in http/security.ts. */
  allowedHosts?: string[];
  /** Set: GET /metrics on the app's port answers to `Authorization: Bearer <token>` (401 without); unset: 404. */
  metricsToken?: string;
  /** Set: GET /metrics, no token, on a listener of its own on this port (the worker's only one). */
  metricsPort?: number;
  /** The interface of that listener (METRICS_HOST), by default 127.0.0.1: keep it internal. */
  metricsHost?: string;
}

export class ConfigError extends Error {}

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development'),
  PORT: Joi.number().port().default(3000),
  HOST: Joi.string().hostname().default('0.0.0.0'),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }),
  DATA_DIR: Joi.string().default('./data'),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }),
  QUEUE_PREFIX: Joi.string().pattern(/^[A-Za-z0-9_-]{1,40}$/),
  QUEUE_LOCK_MS: Joi.number().integer().min(1_000).max(3_600_000),
  SIGN_IN_PACE_MS: Joi.number().integer().min(100).max(60_000),
  REMINDER_SCAN_SECONDS: Joi.number().integer().min(1).max(300),
  WEBHOOK_SCAN_SECONDS: Joi.number().integer().min(1).max(300),
  SESSION_SECRET: Joi.string().min(32).when('NODE_ENV', { is: 'production', then: Joi.required() }).messages({
    'string.min': 'SESSION_SECRET must be at least 32 characters',
    'any.required': 'SESSION_SECRET is required when NODE_ENV=production',
  }),
  DEMO: Joi.boolean().truthy('1').falsy('0'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  TRUST_PROXY: Joi.number().integer().min(0).max(10).default(0).messages({
    'number.base': 'TRUST_PROXY must be a hop count (0, 1, 2...), not true/false',
  }),
  COOKIE_SECURE: Joi.string().valid('auto', 'always', 'never').default('auto'),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }),
  MAIL_FROM: Joi.string().default('Funil <no-reply@funil.local>'),
  PUBLIC_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .when('NODE_ENV', { is: 'production', then: Joi.required() })
    .messages({
      'any.required': 'PUBLIC_URL is required when NODE_ENV=production: requests naming another host are refused',
    }),
  ALLOWED_HOSTS: Joi.string()
    .pattern(/^\s*[A-Za-z0-9._-]+\s*(,\s*[A-Za-z0-9._-]+\s*)*$/)
    .messages({
      'string.pattern.base': 'ALLOWED_HOSTS must be host names separated by commas (no scheme, port or path)',
    }),
  METRICS_TOKEN: Joi.string()
    .pattern(/^\S{16,200}$/)
    .messages({
      'string.pattern.base': 'METRICS_TOKEN must be 16 to 200 characters without spaces (e.g. openssl rand -hex 24)',
    }),
  METRICS_PORT: Joi.number()
    .port()
    .invalid(Joi.ref('PORT', { adjust: (port: number) => (port === 0 ? -1 : port) }))
    .messages({ 'any.invalid': 'METRICS_PORT must differ from PORT' }),
  METRICS_HOST: Joi.string().hostname().default('127.0.0.1'),
  ...LIMITS_ENV,
}).unknown(true);

/** Reads and validates the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`SMTP_URL=` in a compose file) means unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const { value, error } = schema.validate(given, { abortEarly: false, convert: true });
  if (error) {
    const lines = error.details.map((d) => `${d.path.join('.')}: ${d.message.replace(/"/g, '')}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const embedded = !value.DATABASE_URL;
  const production = value.NODE_ENV === 'production';
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dataDir,
    redisUrl: value.REDIS_URL,
    queuePrefix: value.QUEUE_PREFIX,
    queueLockMs: value.QUEUE_LOCK_MS,
    signInPaceMs: value.SIGN_IN_PACE_MS,
    reminderScanMs: value.REMINDER_SCAN_SECONDS === undefined ? undefined : value.REMINDER_SCAN_SECONDS * 1_000,
    webhookScanMs: value.WEBHOOK_SCAN_SECONDS === undefined ? undefined : value.WEBHOOK_SCAN_SECONDS * 1_000,
    sessionSecret: value.SESSION_SECRET ?? persistedSecret(dataDir),
    sessionSecretConfigured: value.SESSION_SECRET !== undefined,
    // Demo users only where nobody could mistake them for real ones: on by default in the embedded
    // default outside production, and only when asked for explicitly anywhere else.
    demo: value.DEMO ?? (embedded && !production),
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    cookieSecure: value.COOKIE_SECURE,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    publicUrl: value.PUBLIC_URL,
    limits: limitsFromEnv(value),
    allowedHosts: value.ALLOWED_HOSTS ? value.ALLOWED_HOSTS.split(',').map((h: string) => h.trim().toLowerCase()) : [],
    metricsToken: value.METRICS_TOKEN,
    metricsPort: value.METRICS_PORT,
    metricsHost: value.METRICS_HOST,
  };
}

/** Outside production a missing secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
