import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import type { RemindersService } from '../../../domain/notifications/reminders.service';
import { RECLAIM_AFTER_MS } from '../../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../../domain/notifications/notifications.tokens';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, type CrmUsers } from '../../crm/__tests__/crm-test-kit';
import { freePort } from '../../../../tests/support/free-port';

// A Redis of our own on another port, stopped and started again empty (no persistence) mid-test.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const T0 = new Date('2030-02-01T09:00:00Z');
const clock: Clock & { at: Date } = { at: T0, now: () => clock.at };
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

let port: number;
let redis: ChildProcess | undefined;
let smtp: SmtpCapture;
let server: TestServer;
let users: CrmUsers;

async function startRedis(): Promise<void> {
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
        socket.on('error', () => resolve(false));
      }),
  );
}

async function stopRedis(): Promise<void> {
  const child = redis!;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

async function until(check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!hasRedisServer)('a Redis restart in the middle', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    smtp = await startSmtpCapture();
    server = await startTestServer({ redisUrl: `redis://127.0.0.1:${port}`, smtpUrl: smtp.url }, { clock });
    users = await createCrmUsers(server);
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (redis && redis.exitCode === null) await stopRedis();
  });

  it('loses no reminder: a claim whose job Redis lost is taken again, and delivered once', async () => {
    const reminders = server.runtime.container.get<RemindersService>(REMINDERS_SERVICE);
    const { employee } = users;
    expect(
      (
        await employee.request('PUT', '/api/notifications/settings', {
          email: 'e@example.com',
          language: 'en',
          timeZone: 'UTC',
        })
      ).status,
    ).toBe(200);
    const created = await employee.post('/api/crm/activities', {
      subject: 'Survive the restart',
      dueDate: minutes(60).toISOString(),
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const status = async () =>
      (await server.runtime.db.knex('activityReminders').where({ activityId: id }).first())?.status;

    await stopRedis();
    // Calls that must enqueue answer 503 at once rather than hang.
    expect((await users.admin.post('/api/crm/reports/refresh')).status).toBe(503);
    clock.at = minutes(45);
    expect(await reminders.scan()).toBe(0);
    expect(await status()).toBe('queued');

    await startRedis();
    // The schedulers are registered again on the empty Redis.
    const queue = new Queue('reminders', {
      connection: { host: '127.0.0.1', port },
      prefix: server.runtime.config.queuePrefix,
    });
    await until(async () => (await queue.getJobSchedulers()).some((s) => s.key === 'reminders.scan'));
    await queue.close();
    await until(() => server.runtime.redis!.status === 'ready');

    clock.at = new Date(minutes(45).getTime() + RECLAIM_AFTER_MS + 1_000);
    await until(async () => (await reminders.scan()) >= 0 && (await status()) === 'sent');
    expect(smtp.messages.filter((m) => m.subject === 'Reminder: Survive the restart')).toHaveLength(1);
    expect(await server.runtime.db.knex('notifications').where({ activityId: id })).toHaveLength(1);
  });
});
