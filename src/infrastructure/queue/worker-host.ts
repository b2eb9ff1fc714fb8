import type { JobName, JobProcessor, QueueName } from '../../domain/shared/job-queue.port';

/** Runs the processors of every queue: BullMQ workers, or the in-process runner. */
export interface WorkerHost {
  start(processors: JobProcessor[]): Promise<void>;
  /**
   * Takes no new job until `resume`: jobs wait in their queues, the running ones finish (awaited). The worker's
   * schema watch uses it while the database has a migration this code does not know.
   */
  pause(): Promise<void>;
  resume(): void;
  readonly paused: boolean;
  /** Stops taking jobs, lets the running ones finish, closes connections. */
  close(): Promise<void>;
}

/** One queue's jobs by state, as BullMQ's getJobCounts names them. */
export interface JobCounts {
  waiting: number;
  active: number;
  failed: number;
  delayed: number;
}

/** Each queue's jobs by state, read when asked (a metrics scrape). */
export interface QueueStats {
  jobCounts(): Promise<Record<QueueName, JobCounts>>;
}

/** Hears each attempt of a job once it ended: how long it ran and how. */
export interface JobObserver {
  jobRan(queue: QueueName, job: JobName, seconds: number, outcome: 'completed' | 'failed'): void;
}

/** Runs one attempt of a job and tells `observer` how long it took and how it ended. */
export async function observed<T>(
  observer: JobObserver | undefined,
  queue: QueueName,
  job: JobName,
  attempt: () => Promise<T>,
): Promise<T> {
  if (!observer) return attempt();
  const started = performance.now();
  try {
    const result = await attempt();
    observer.jobRan(queue, job, (performance.now() - started) / 1_000, 'completed');
    return result;
  } catch (error) {
    observer.jobRan(queue, job, (performance.now() - started) / 1_000, 'failed');
    throw error;
  }
}
