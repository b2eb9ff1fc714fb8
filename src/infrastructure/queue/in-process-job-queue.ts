import type { Logger } from 'pino';
import {
  JOB_QUEUES,
  type EnqueueOptions,
  QueueName,
  type JobName,
  type JobPayloads,
  type JobProcessor,
  type JobQueue,
} from '../../domain/shared/job-queue.port';
import { QUEUE_SETTINGS, type QueueSettings } from './queue-settings';
import { observed, type JobCounts, type JobObserver, type QueueStats, type WorkerHost } from './worker-host';
import { inBackground } from '../db/background-work';

/**
 * The embedded default's queue: jobs run in this process with the same attempts and backoff as BullMQ.
 * Effects are idempotent in Postgres, so a job cut short by a crash is simply run again by its schedule.
 */
export class InProcessJobQueue implements JobQueue, WorkerHost, QueueStats {
  private readonly processors = new Map<string, JobProcessor>();
  private readonly pendingIds = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  /** Attempts in their processor right now. */
  private readonly executing = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly wakers = new Set<() => void>();
  /** Per queue: attempts running, and attempts waiting for one of the queue's `concurrency` slots. */
  private readonly active = new Map<QueueName, number>();
  private readonly waiting = new Map<QueueName, ((handedOver: boolean) => void)[]>();
  /** Per queue: jobs waiting to start (a slot, a resume), waiting out a delay or backoff, and failed for good. */
  private readonly counts = new Map<QueueName, Omit<JobCounts, 'active'>>();
  /** Set while paused: attempts about to start wait for it. */
  private resumed?: { promise: Promise<void>; resolve: () => void };
  private closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly settings: Record<QueueName, QueueSettings> = QUEUE_SETTINGS,
    private readonly observer?: JobObserver,
  ) {}

  get paused(): boolean {
    return this.resumed !== undefined;
  }

  async pause(): Promise<void> {
    if (!this.resumed) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.resumed = { promise, resolve };
    }
    // Like BullMQ's worker.pause(): resolved once the attempts running now have finished.
    await Promise.allSettled([...this.executing]);
  }

  resume(): void {
    const resumed = this.resumed;
    this.resumed = undefined;
    resumed?.resolve();
  }

  async jobCounts(): Promise<Record<QueueName, JobCounts>> {
    return Object.fromEntries(
      Object.values(QueueName).map((queue) => [
        queue,
        { ...this.countsOf(queue), active: this.active.get(queue) ?? 0 },
      ]),
    ) as Record<QueueName, JobCounts>;
  }

  private countsOf(queue: QueueName): Omit<JobCounts, 'active'> {
    let counts = this.counts.get(queue);
    if (!counts) this.counts.set(queue, (counts = { waiting: 0, delayed: 0, failed: 0 }));
    return counts;
  }

  async start(processors: JobProcessor[]): Promise<void> {
    for (const p of processors) {
      this.processors.set(p.jobName, p);
      if (p.everyMs) {
        const timer = setInterval(
          () => void this.enqueue(p.jobName, {} as never, { jobId: `every:${p.jobName}` }),
          p.everyMs,
        );
        timer.unref();
        this.timers.add(timer);
      }
      if (p.runAtStart) void this.enqueue(p.jobName, {} as never, { jobId: `every:${p.jobName}` });
    }
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    if (this.closed) return;
    if (options.jobId) {
      if (this.pendingIds.has(options.jobId)) return;
      this.pendingIds.add(options.jobId);
    }
    const counts = this.countsOf(JOB_QUEUES[name]);
    const state = options.delayMs ? 'delayed' : 'waiting';
    counts[state] += 1;
    const run = () => {
      counts[state] -= 1;
      const task = this.run(name, payload, 1).finally(() => {
        this.running.delete(task);
        if (options.jobId) this.pendingIds.delete(options.jobId);
      });
      this.running.add(task);
    };
    if (options.delayMs) this.later(run, options.delayMs);
    else setImmediate(run);
  }

  async enqueueMany<N extends JobName>(
    name: N,
    jobs: { payload: JobPayloads[N]; options?: EnqueueOptions }[],
  ): Promise<void> {
    for (const job of jobs) await this.enqueue(name, job.payload, job.options);
  }

  private async run<N extends JobName>(name: N, payload: JobPayloads[N], attempt: number): Promise<void> {
    const processor = this.processors.get(name);
    if (!processor) {
      this.logger.error({ job: name }, 'no processor for job');
      return;
    }
    const queue = JOB_QUEUES[name];
    const settings = this.settings[queue];
    const counts = this.countsOf(queue);
    counts.waiting += 1;
    if (this.resumed && !this.closed) await this.resumed.promise;
    const started = await this.takeSlot(queue);
    counts.waiting -= 1;
    if (!started) return;
    const attemptDone = observed(this.observer, queue, name, () => inBackground(() => processor.handle(payload)));
    const executing: Promise<void> = attemptDone
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.executing.delete(executing));
    this.executing.add(executing);
    try {
      await attemptDone;
    } catch (error) {
      this.releaseSlot(queue);
      this.logger.warn({ err: error, job: name, attempt }, 'job failed');
      if (attempt < settings.attempts && !this.closed) {
        counts.delayed += 1;
        await this.sleep(settings.backoffMs * 2 ** (attempt - 1));
        counts.delayed -= 1;
        if (!this.closed) await this.run(name, payload, attempt + 1);
      } else if (attempt >= settings.attempts) {
        counts.failed += 1;
        await processor
          .onFailed?.(payload, error as Error)
          .catch((err) => this.logger.error({ err, job: name }, 'recording a failed job failed'));
      }
      return;
    }
    this.releaseSlot(queue);
  }

  /** Waits for a free slot of the queue (its `concurrency`); false when closed meanwhile (the job is not started). */
  private async takeSlot(queue: QueueName): Promise<boolean> {
    const active = this.active.get(queue) ?? 0;
    if (active < this.settings[queue].concurrency) {
      this.active.set(queue, active + 1);
      return true;
    }
    // A released slot is handed straight to the next waiter, so the count stays as it is.
    const handedOver = await new Promise<boolean>((resolve) => {
      if (!this.waiting.has(queue)) this.waiting.set(queue, []);
      this.waiting.get(queue)!.push(resolve);
    });
    if (handedOver && this.closed) this.releaseSlot(queue);
    return handedOver && !this.closed;
  }

  private releaseSlot(queue: QueueName): void {
    const next = this.waiting.get(queue)?.shift();
    if (next) next(true);
    else this.active.set(queue, (this.active.get(queue) ?? 1) - 1);
  }

  /** A wait that close() cuts short, so shutdown never hangs on a backoff. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakers.add(resolve);
      this.later(() => {
        this.wakers.delete(resolve);
        resolve();
      }, ms);
    });
  }

  private later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.resume();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of this.wakers) wake();
    for (const queue of this.waiting.values()) for (const wake of queue.splice(0)) wake(false);
    await Promise.allSettled([...this.running]);
  }
}
