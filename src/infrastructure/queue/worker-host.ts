import type { JobProcessor } from '../../domain/shared/job-queue.port';

/** Runs the processors of every queue: BullMQ workers, or the in-process runner. */
export interface WorkerHost {
  start(processors: JobProcessor[]): Promise<void>;
  /** Stops taking jobs, lets the running ones finish, closes connections. */
  close(): Promise<void>;
}
