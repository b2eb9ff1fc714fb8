import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

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
  const at = (level: string) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { logger: createLogger(level, stream), entries: () => lines.map((l) => JSON.parse(l)) };
  };

  it('keep the type, message and code but no stack by default, an aggregate’s errors included', () => {
    const { logger, entries } = at('info');
    const error = Object.assign(new Error('the queue is gone'), { code: 'ECONNREFUSED' });
    logger.error({ err: error }, 'failed');
    logger.error({ err: new AggregateError([new Error('first'), new TypeError('second')], 'both') }, 'failed');
    const [one, both] = entries();
    expect(one.err).toEqual({ type: 'Error', message: 'the queue is gone', code: 'ECONNREFUSED' });
    expect(both.err.aggregateErrors).toEqual([
      { type: 'Error', message: 'first' },
      { type: 'TypeError', message: 'second' },
    ]);
    expect(JSON.stringify(entries())).not.toMatch(/logger\.test\.ts|"stack"/);
  });

  it('write stacks when an operator asks for them (LOG_LEVEL debug), still without bound parameters', () => {
    const { logger, entries } = at('debug');
    const error = Object.assign(new Error('duplicate key'), { params: ['SECRET-VALUE'] });
    logger.error({ err: error }, 'failed');
    expect(entries()[0].err.stack).toContain('logger.test.ts');
    expect(JSON.stringify(entries())).not.toContain('SECRET-VALUE');
  });
});
