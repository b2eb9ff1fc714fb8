import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppError } from '../../domain/shared/app-error';
import { JOB_QUEUES, QueueName, type EnqueueOptions, type JobName, type JobPayloads, type JobProcessor, type JobQueue } from '../../domain/shared/job-queue.port';
import { QUEUE_SETTINGS } from './queue-settings';
import type { WorkerHost } from './worker-host';
import { createRedis } from './redis';

function jobOptions(queue: QueueName) {
  const s = QUEUE_SETTINGS[queue];
  return {
    attempts: s.attempts,
    backoff: { type: 'exponential' as const, delay: s.backoffMs },
    removeOnComplete: { count: s.keepCompleted.count, age: s.keepCompleted.ageSeconds },
    removeOnFail: { count: s.keepFailed.count },
  };
}

/** Producer side: fails fast when Redis is down (the caller answers 503), never hangs. */
export class BullMqJobQueue implements JobQueue {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(private readonly connection: Redis, private readonly logger: Logger, readonly prefix: string) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection as ConnectionOptions, prefix: this.prefix, defaultJobOptions: jobOptions(name) });
      queue.on('error', (error) => this.logger.error({ err: error, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    try {
      await this.queue(JOB_QUEUES[name]).add(name, payload, { jobId: options.jobId, delay: options.delayMs });
    } catch (error) {
      this.logger.error({ err: error, job: name }, 'enqueue failed');
      throw new AppError('SERVICE.UNAVAILABLE', 'The job queue is unavailable; try again shortly');
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/** Worker side: one BullMQ worker per queue with a blocking connection of its own. */
export class BullMqWorkerHost implements WorkerHost {
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];

  constructor(private readonly redisUrl: string, private readonly producer: BullMqJobQueue, private readonly logger: Logger) {}

  async start(processors: JobProcessor[]): Promise<void> {
    const byQueue = new Map<QueueName, Map<string, JobProcessor>>();
    for (const p of processors) {
      const queue = JOB_QUEUES[p.jobName];
      if (!byQueue.has(queue)) byQueue.set(queue, new Map());
      byQueue.get(queue)!.set(p.jobName, p);
    }
    for (const [queue, handlers] of byQueue) {
      const connection = createRedis(this.redisUrl, 'worker');
      this.connections.push(connection);
      const worker = new Worker(
        queue,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No processor for job ${job.name}`);
          await handler.handle(job.data);
        },
        { connection: connection as ConnectionOptions, prefix: this.producer.prefix, concurrency: QUEUE_SETTINGS[queue].concurrency },
      );
      worker.on('error', (error) => this.logger.error({ err: error, queue }, 'worker error'));
      worker.on('failed', (job, error) =>
        this.logger.warn({ err: error, queue, job: job?.name, id: job?.id, attempts: job?.attemptsMade }, 'job failed'),
      );
      this.workers.push(worker);
      // Job schedulers are upserted by id: several instances starting at once register each one once.
      for (const handler of handlers.values()) {
        if (!handler.everyMs) continue;
        await this.producer.queue(queue).upsertJobScheduler(handler.jobName, { every: handler.everyMs }, { name: handler.jobName, data: {} });
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
