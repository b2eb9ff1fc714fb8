import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../../http/errors';
import { requestLog } from '../../http/request-log';
import { capturedLogger } from '../../../tests/support/log-capture';

/** A log line as the tests read it. */
interface LogLine {
  msg: string;
  req?: { id: string };
  res?: { statusCode: number };
  err?: Record<string, unknown>;
}

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** An app that logs its requests at `level` and whose one route fails as a database error the app did not expect. */
async function failingApp(level: string) {
  const { logger, entries } = capturedLogger(level);
  const app = express();
  app.use(requestLog(logger));
  app.get('/api/boom', () => {
    throw Object.assign(new Error('insert into "users" ... - duplicate key value'), {
      nativeError: { code: '23505', constraint: 'users_username_lower_unique' },
      params: ['$argon2id$SECRET-HASH'],
    });
  });
  app.use(errorHandler(logger, { translate: (error) => error, unavailable: () => null }));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/boom`);
  const body = await res.json();
  return { res, body, entries: () => entries<LogLine>() };
}

describe('request logs', () => {
  it('write an unexpected failure with the request id, its type, message and database code, no stack or values', async () => {
    const { res, body, entries } = await failingApp('info');
    expect(res.status).toBe(500);
    expect(body.error.code).toBe('INTERNAL');
    const failure = entries().find((e) => e.msg === 'unhandled error')!;
    expect(failure.req?.id).toBe(res.headers.get('x-request-id'));
    expect(failure.err).toMatchObject({
      type: 'Error',
      message: 'insert into "users" ... - duplicate key value',
      db: { code: '23505', constraint: 'users_username_lower_unique' },
    });
    // Neither the failure nor pino-http's line for the request's end carries a stack or the bound values.
    expect(entries().some((e) => e.res?.statusCode === 500)).toBe(true);
    expect(JSON.stringify(entries())).not.toMatch(/SECRET-HASH|"stack"|request-log\.test\.ts/);
    expect(JSON.stringify(body)).not.toMatch(/SECRET-HASH|stack|users_username/);
  });

  it('write the stack at LOG_LEVEL debug', async () => {
    const { entries } = await failingApp('debug');
    expect(entries().find((e) => e.msg === 'unhandled error')!.err?.stack).toContain('request-log.test.ts');
    expect(JSON.stringify(entries())).not.toContain('SECRET-HASH');
  });
});
