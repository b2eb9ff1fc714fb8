import { describe, expect, it } from 'vitest';
import { capturedLogger as capture } from '../../../tests/support/log-capture';

describe('logs', () => {
  it('redact cookies, set-cookie headers and passwords', () => {
    const { logger, text } = capture();
    logger.info(
      {
        req: { headers: { cookie: 'funil.sid=SECRET-COOKIE' } },
        res: { headers: { 'set-cookie': 'funil.sid=SECRET-SET' } },
      },
      'request',
    );
    logger.info({ body: { password: 'SECRET-PASSWORD', newPassword: 'SECRET-NEW' } }, 'body');
    expect(text()).not.toMatch(/SECRET/);
    expect(text()).toContain('[redacted]');
  });

  it('drop bound query parameters from database errors', () => {
    const { logger, text } = capture();
    const error = Object.assign(new Error('insert into "users" ... - duplicate key'), {
      nativeError: { code: '23505', constraint: 'users_username_lower_unique', params: ['$argon2id$HASH'] },
      params: ['$argon2id$HASH'],
    });
    logger.error({ err: error }, 'failed');
    expect(text()).not.toContain('HASH');
    expect(text()).toContain('users_username_lower_unique');
  });
});

describe('errors in the logs', () => {
  it('keep the type, message and code but no stack by default, an aggregate’s errors included', () => {
    const { logger, entries } = capture('info');
    const error = Object.assign(new Error('the queue is gone'), { code: 'ECONNREFUSED' });
    logger.error({ err: error }, 'failed');
    logger.error({ err: new AggregateError([new Error('first'), new TypeError('second')], 'both') }, 'failed');
    const [one, both] = entries<{ err: { aggregateErrors?: unknown } }>();
    expect(one.err).toEqual({ type: 'Error', message: 'the queue is gone', code: 'ECONNREFUSED' });
    expect(both.err.aggregateErrors).toEqual([
      { type: 'Error', message: 'first' },
      { type: 'TypeError', message: 'second' },
    ]);
    expect(JSON.stringify(entries())).not.toMatch(/logger\.test\.ts|"stack"/);
  });

  it('write stacks when an operator asks for them (LOG_LEVEL debug), still without bound parameters', () => {
    const { logger, entries } = capture('debug');
    const error = Object.assign(new Error('duplicate key'), { params: ['SECRET-VALUE'] });
    logger.error({ err: error }, 'failed');
    expect(entries<{ err: { stack?: string } }>()[0].err.stack).toContain('logger.test.ts');
    expect(JSON.stringify(entries())).not.toContain('SECRET-VALUE');
  });

  it('drop bound values from the errors inside an error too (an AggregateError of failed statements)', () => {
    const { logger, text } = capture('debug');
    const failed = Object.assign(new Error('duplicate key'), {
      nativeError: { code: '23505', constraint: 'users_username_lower_unique' },
      params: ['$argon2id$NESTED-HASH'],
    });
    logger.error({ err: new AggregateError([failed], 'the batch failed') }, 'failed');
    expect(text()).not.toContain('NESTED-HASH');
    expect(text()).toContain('users_username_lower_unique');
  });
});
