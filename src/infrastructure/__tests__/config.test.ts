import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'funil-config-'));

describe('configuration', () => {
  it('starts with defaults on an empty environment: embedded database, demo on, port 3000', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.trustProxy).toBe(0);
    expect(config.sessionSecretConfigured).toBe(false);
  });

  it('generates a session secret once, keeps it private in DATA_DIR, and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    const file = path.join(dir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, 'PUBLIC_URL'],
    [{ DEMO: 'maybe' }, 'DEMO'],
  ])('refuses %o with a message naming %s', (env, variable) => {
    const attempt = () => loadConfig({ DATA_DIR: tempDir(), ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`^Invalid configuration:[\\s\\S]*${variable}`));
  });

  it('never turns demo mode on by itself with a real database or in production', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    const production = { NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_URL: 'https://crm.example.com' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...production }).demo).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), ...production, DEMO: 'true' }).demo).toBe(true);
  });

  it('treats empty variables as unset, as compose files pass them', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), SMTP_URL: '', PUBLIC_URL: '', REDIS_URL: '', DEMO: '' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.demo).toBe(true);
  });

  it('reads typed values', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      TRUST_PROXY: '2',
      DEMO: 'false',
      COOKIE_SECURE: 'always',
      SESSION_SECRET: 's'.repeat(32),
      QUEUE_LOCK_MS: '5000',
      READ_CACHE_SECONDS: '0',
      REMINDER_SCAN_SECONDS: '2',
      SIGN_IN_PACE_MS: '1500',
    });
    expect(config).toMatchObject({
      port: 8080,
      trustProxy: 2,
      demo: false,
      cookieSecure: 'always',
      sessionSecretConfigured: true,
      queueLockMs: 5000,
      reminderScanMs: 2000,
      signInPaceMs: 1500,
      limits: { readCacheSeconds: 0 },
    });
  });

  it('names the variable when a job lock, the reminder scan, the read cache or the sign-in pace is out of range', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), REMINDER_SCAN_SECONDS: '0' })).toThrow(/REMINDER_SCAN_SECONDS/);
    expect(loadConfig({ DATA_DIR: tempDir() }).reminderScanMs).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tempDir(), QUEUE_LOCK_MS: '10' })).toThrow(/QUEUE_LOCK_MS/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), READ_CACHE_SECONDS: '-1' })).toThrow(/READ_CACHE_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), SIGN_IN_PACE_MS: '10' })).toThrow(/SIGN_IN_PACE_MS/);
    expect(loadConfig({ DATA_DIR: tempDir() }).signInPaceMs).toBeUndefined();
  });
});
