import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';

// Redis configured but unreachable: the app still starts and answers, readiness says 503 quickly.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ redisUrl: 'redis://127.0.0.1:1' }, { runWorkers: false });
});

afterAll(async () => {
  await server?.stop();
});

describe('readiness with Redis down', () => {
  it('answers 503 naming Redis while liveness stays 200', async () => {
    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('unavailable');
    expect(ready.body.checks).toContainEqual(expect.objectContaining({ name: 'redis', status: 'down' }));
    expect(ready.body.checks).toContainEqual({ name: 'database', status: 'up' });
    expect((await server.client().get('/healthz')).status).toBe(200);
  });

  it('answers 503 to sign-in, which needs Redis for throttling, instead of hanging', async () => {
    const res = await server.client().post('/api/login', { username: 'someone', password: 'whatever1' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE.UNAVAILABLE');
  });
});
