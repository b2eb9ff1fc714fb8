import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AppError } from '../../domain/shared/app-error';
import {
  JOB_QUEUES,
  QueueName,
  type EnqueueOptions,
  type JobName,
  type JobPayloads,
  type JobProcessor,
  type JobQueue,
} from '../../domain/shared/job-queue.port';
import { QUEUE_SETTINGS, type QueueSettings } from './queue-settings';
import { observed, type JobCounts, type JobObserver, type QueueStats, type WorkerHost } from './worker-host';
import { createRedis } from './redis';
import { inBackground } from '../db/background-work';

function jobOptions(s: QueueSettings) {
  return {
    attempts: s.attempts,
    backoff: { type: 'exponential' as const, delay: s.backoffMs },
    removeOnComplete: { count: s.keepCompleted.count, age: s.keepCompleted.ageSeconds },
    removeOnFail: { count: s.keepFailed.count },
  };
}

const ENQUEUE_TIMEOUT_MS = 3_000;
const DOWN = new Set(['reconnecting', 'close', 'end']);

/** Producer side: fails fast when Redis is down (the caller answers 503), never hangs. */
export class BullMqJobQueue implements JobQueue, QueueStats {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly logger: Logger,
    readonly prefix: string,
    readonly settings: Record<QueueName, QueueSettings> = QUEUE_SETTINGS,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection as ConnectionOptions,
        prefix: this.prefix,
        defaultJobOptions: jobOptions(this.settings[name]),
      });
      queue.on('error', (error) => this.logger.error({ err: error, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    return this.failFast(name, () =>
      this.queue(JOB_QUEUES[name]).add(name, payload, { jobId: options.jobId, delay: options.delayMs }),
    );
  }

  enqueueMany<N extends JobName>(
    name: N,
    jobs: { payload: JobPayloads[N]; options?: EnqueueOptions }[],
  ): Promise<void> {
    if (!jobs.length) return Promise.resolve();
    return this.failFast(name, () =>
      this.queue(JOB_QUEUES[name]).addBulk(
        jobs.map(({ payload, options = {} }) => ({
          name,
          data: payload,
          opts: { jobId: options.jobId, delay: options.delayMs },
        })),
      ),
    );
  }

  private async failFast(name: JobName, add: () => Promise<unknown>): Promise<void> {
    // BullMQ waits for a lost connection to come back before sending; a request must not wait with it.
    if (DOWN.has(this.connection.status)) throw this.unavailable(name, new Error(`redis is ${this.connection.status}`));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        add(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('enqueue timed out')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      throw this.unavailable(name, error);
    } finally {
      clearTimeout(timer);
    }
  }

  private unavailable(name: JobName, error: unknown): AppError {
    this.logger.error({ err: error, job: name }, 'enqueue failed');
    return new AppError('SERVICE.UNAVAILABLE', 'The job queue is unavailable; try again shortly');
  }

  /** Every queue's counts from Redis (one round trip per queue), whichever process runs its workers. */
  async jobCounts(): Promise<Record<QueueName, JobCounts>> {
    const queues = Object.values(QueueName);
    const counts = await Promise.all(
      queues.map((name) => this.queue(name).getJobCounts('waiting', 'active', 'failed', 'delayed')),
    );
    return Object.fromEntries(
      queues.map((name, i) => [
        name,
        {
          waiting: counts[i].waiting ?? 0,
          active: counts[i].active ?? 0,
          failed: counts[i].failed ?? 0,
          delayed: counts[i].delayed ?? 0,
        },
      ]),
    ) as Record<QueueName, JobCounts>;
  }

  /** Calls `listener` each time the connection is ready again after a loss. */
  onReconnect(listener: () => void): void {
    this.connection.on('ready', listener);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/** Worker side: one BullMQ worker per queue with a blocking connection of its own. */
export class BullMqWorkerHost implements WorkerHost {
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private pausedNow = false;
  private closing = false;

  constructor(
    private readonly redisUrl: string,
    private readonly producer: BullMqJobQueue,
    private readonly logger: Logger,
    private readonly observer?: JobObserver,
  ) {}

  get paused(): boolean {
    return this.pausedNow;
  }

  /** Each worker stops taking jobs (locally: other processes' workers go on) once its running ones have finished. */
  async pause(): Promise<void> {
    this.pausedNow = true;
    await Promise.all(this.workers.map((w) => w.pause()));
  }

  resume(): void {
    // A worker resumed as it closes would start fetching on connections being closed.
    if (this.closing) return;
    this.pausedNow = false;
    for (const worker of this.workers) worker.resume();
  }

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
      const settings = this.producer.settings[queue];
      const worker = new Worker(
        queue,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`No processor for job ${job.name}`);
          await observed(this.observer, queue, handler.jobName, () => inBackground(() => handler.handle(job.data)));
        },
        {
          connection: connection as ConnectionOptions,
          prefix: this.producer.prefix,
          concurrency: settings.concurrency,
          lockDuration: settings.lockMs,
          stalledInterval: settings.lockMs,
          // A job whose worker died is taken again once; dying twice in a row marks it failed.
          maxStalledCount: 1,
        },
      );
      worker.on('error', (error) => this.logger.error({ err: error, queue }, 'worker error'));
      worker.on('failed', (job, error) => {
        this.logger.warn({ err: error, queue, job: job?.name, id: job?.id, attempts: job?.attemptsMade }, 'job failed');
        const handler = job && handlers.get(job.name);
        if (job && handler?.onFailed && job.attemptsMade >= (job.opts.attempts ?? 1)) {
          handler
            .onFailed(job.data, error)
            .catch((err) => this.logger.error({ err, queue, job: job.name }, 'recording a failed job failed'));
        }
      });
      this.workers.push(worker);
    }
    const recurring = processors.filter((p) => p.everyMs);
    // Job schedulers are upserted by id: several instances starting at once register each one once.
    const register = () =>
      Promise.all(
        recurring.map((p) =>
          this.producer
            .queue(JOB_QUEUES[p.jobName])
            .upsertJobScheduler(p.jobName, { every: p.everyMs! }, { name: p.jobName, data: {} }),
        ),
      );
    await register();
    // No job id: every worker start runs them once (they are idempotent). Redis down: enqueue has logged it, the schedule runs them later.
    await Promise.all(
      processors
        .filter((p) => p.runAtStart)
        .map((p) => this.producer.enqueue(p.jobName, {} as never).catch(() => undefined)),
    );
    // A Redis restarted without persistence comes back empty: register them again on every reconnection.
    this.producer.onReconnect(() =>
      register().catch((error) => this.logger.error({ err: error }, 'registering job schedulers failed')),
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
