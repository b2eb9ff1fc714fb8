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
