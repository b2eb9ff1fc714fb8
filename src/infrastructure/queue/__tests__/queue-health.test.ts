import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';

// Readiness of an API process on real Redis, with and without workers for its queues.
let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe.skipIf(!process.env.REDIS_URL)('readiness of the job queue', () => {
  it('warns, naming the queues, while no worker takes their jobs', async () => {
    server = await startTestServer({}, { runWorkers: false });
    const ready = await server.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toContainEqual(expect.objectContaining({ name: 'redis', status: 'up' }));
    const queue = ready.body.checks.find((c: { name: string }) => c.name === 'queue');
    expect(queue).toMatchObject({ status: 'warning' });
    expect(queue.detail).toContain('reminders');
  });

  it('is up once workers run', async () => {
    server = await startTestServer({}, { runWorkers: true });
    const ready = await server.client().get('/readyz');
    expect(ready.body.checks).toContainEqual({ name: 'queue', status: 'up' });
  });
});
