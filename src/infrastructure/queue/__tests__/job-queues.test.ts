import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/shared/app-error';
import type { JobProcessor } from '../../../domain/shared/job-queue.port';
import { BullMqJobQueue, BullMqWorkerHost } from '../bullmq-job-queue';
import { InProcessJobQueue } from '../in-process-job-queue';
import { QUEUE_SETTINGS, type QueueSettings } from '../queue-settings';
import { createRedis } from '../redis';
import type { WorkerHost } from '../worker-host';

const logger = pino({ level: 'silent' });
const redisUrl = process.env.REDIS_URL;
const fast = Object.fromEntries(
  Object.entries(QUEUE_SETTINGS).map(([q, s]) => [q, { ...s, attempts: 3, backoffMs: 20 }]),
) as Record<keyof typeof QUEUE_SETTINGS, QueueSettings>;

interface Adapter {
  host: WorkerHost;
  enqueue(key: string): Promise<void>;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function inProcess(): Adapter {
  const queue = new InProcessJobQueue(logger, fast);
  closers.push(() => queue.close());
  return { host: queue, enqueue: (key) => queue.enqueue('reports.refresh', { key } as never) };
}

function bullmq(
  prefix = `funil-test-${process.pid}-${randomBytes(4).toString('hex')}`,
): Adapter & { producer: BullMqJobQueue } {
  const connection = createRedis(redisUrl!, 'client');
  const producer = new BullMqJobQueue(connection, logger, prefix, fast);
  const host = new BullMqWorkerHost(redisUrl!, producer, logger);
  closers.push(async () => {
    await host.close();
    await producer
      .queue('reports' as never)
      .obliterate({ force: true })
      .catch(() => undefined);
    await producer.close();
    await connection.quit();
  });
  return { host, producer, enqueue: (key) => producer.enqueue('reports.refresh', { key } as never) };
}

function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => (check() ? resolve() : Date.now() > end ? reject(new Error('timed out')) : setTimeout(tick, 10));
    tick();
  });
}

const adapters: [string, () => Adapter][] = [['in-process', inProcess]];
if (redisUrl) adapters.push(['BullMQ', () => bullmq()]);

describe.each(adapters)('%s job queue', (_name, make) => {
  it('lets the running job finish when closed, then takes no more', async () => {
    const { host, enqueue } = make();
    const log: string[] = [];
    const processor: JobProcessor<'reports.refresh'> = {
      jobName: 'reports.refresh',
      async handle(payload) {
        const { key } = payload as unknown as { key: string };
        log.push(`start ${key}`);
        await new Promise((r) => setTimeout(r, 300));
        log.push(`end ${key}`);
      },
    };
    await host.start([processor]);
    await enqueue('a');
    await until(() => log.includes('start a'));
    await host.close();
    expect(log).toEqual(['start a', 'end a']);
  });

  it('runs no more jobs of a queue at once than its concurrency', async () => {
    const { host, enqueue } = make();
    let running = 0;
    let most = 0;
    let done = 0;
    await host.start([
      {
        jobName: 'reports.refresh',
        async handle() {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 30));
          running -= 1;
          done += 1;
        },
      },
    ]);
    for (const key of ['a', 'b', 'c', 'd']) await enqueue(key);
    await until(() => done === 4);
    expect(most).toBe(fast.reports.concurrency);
  });

  it('retries a failing job with backoff, then reports it failed once', async () => {
    const { host, enqueue } = make();
    let attempts = 0;
    const failed: string[] = [];
    await host.start([
      {
        jobName: 'reports.refresh',
        async handle() {
          attempts += 1;
          throw new Error(`boom ${attempts}`);
        },
        async onFailed(payload, error) {
          failed.push(`${(payload as unknown as { key: string }).key}: ${error.message}`);
        },
      },
    ]);
    await enqueue('x');
    await until(() => failed.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBe(3);
    expect(failed).toEqual(['x: boom 3']);
  });
});

describe('BullMQ producer', () => {
  it('fails fast with SERVICE.UNAVAILABLE when Redis is down, instead of hanging', async () => {
    const connection = createRedis('redis://127.0.0.1:1', 'client');
    connection.on('error', () => undefined);
    const producer = new BullMqJobQueue(connection, logger, 'funil-test-down');
    await until(() => connection.status === 'reconnecting');
    // BullMQ alone would wait here until Redis came back (the test would time out).
    const error = await producer.enqueue('reports.refresh', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SERVICE.UNAVAILABLE');
    await producer.close().catch(() => undefined);
    connection.disconnect();
  });

  it.skipIf(!redisUrl)('registers a recurring job once when several workers start at the same time', async () => {
    const prefix = `funil-test-${process.pid}-${randomBytes(4).toString('hex')}`;
    const instances = [bullmq(prefix), bullmq(prefix), bullmq(prefix)];
    const recurring: JobProcessor<'reports.refresh'> = {
      jobName: 'reports.refresh',
      everyMs: 60_000,
      handle: async () => undefined,
    };
    await Promise.all(instances.map((i) => i.host.start([recurring])));
    const schedulers = await instances[0].producer.queue('reports' as never).getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toEqual(['reports.refresh']);
  });
});
