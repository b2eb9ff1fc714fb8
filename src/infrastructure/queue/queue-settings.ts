import { QueueName } from '../../domain/shared/job-queue.port';

export interface QueueSettings {
  concurrency: number;
  attempts: number;
  /** First retry delay; each next one doubles. */
  backoffMs: number;
  keepCompleted: { count: number; ageSeconds: number };
  keepFailed: { count: number };
  /**
   * How long a worker's hold on a running job lasts without renewal; a job whose worker was killed is
   * taken again by another worker this long after (BullMQ's stalled-job check runs at the same interval).
   */
  lockMs: number;
}

/** One row per queue; the compiler refuses a queue without settings. */
export const QUEUE_SETTINGS: Record<QueueName, QueueSettings> = {
  [QueueName.Maintenance]: {
    concurrency: 1,
    attempts: 3,
    backoffMs: 30_000,
    keepCompleted: { count: 100, ageSeconds: 24 * 3600 },
    keepFailed: { count: 500 },
    lockMs: 30_000,
  },
  // One refresh at a time: a second one while the first runs would compute the same figures.
  [QueueName.Reports]: {
    concurrency: 1,
    attempts: 3,
    backoffMs: 10_000,
    keepCompleted: { count: 50, ageSeconds: 3600 },
    keepFailed: { count: 100 },
    lockMs: 30_000,
  },
  // Imports resume after their last committed batch, so a retry costs little.
  [QueueName.Imports]: {
    concurrency: 2,
    attempts: 3,
    backoffMs: 5_000,
    keepCompleted: { count: 100, ageSeconds: 24 * 3600 },
    keepFailed: { count: 500 },
    lockMs: 60_000,
  },
  // Sends retry 5 times (5 s, 10 s, 20 s, 40 s) before the reminder shows as failed.
  [QueueName.Reminders]: {
    // A send job is a batch of up to 500 reminders (a few statements, the messages worded in between): a few
    // at once keep the database and the CPU busy without piling up connections (bench/results.md).
    concurrency: 4,
    attempts: 5,
    backoffMs: 5_000,
    keepCompleted: { count: 1_000, ageSeconds: 24 * 3600 },
    keepFailed: { count: 5_000 },
    lockMs: 30_000,
  },
  // A try waits at most 10 s for an answer: a few endpoints slow at once do not hold up the others. A failed try
  // is rescheduled in the database (webhook_deliveries.next_attempt_at), not by the queue.
  [QueueName.Webhooks]: {
    concurrency: 8,
    attempts: 3,
    backoffMs: 5_000,
    keepCompleted: { count: 1_000, ageSeconds: 3600 },
    keepFailed: { count: 1_000 },
    lockMs: 30_000,
  },
};

export const DEFAULT_BULLMQ_PREFIX = 'funil';

/** The settings with every queue's lock set to `lockMs` (QUEUE_LOCK_MS), or as they are when it is unset. */
export function withLock(lockMs: number | undefined): Record<QueueName, QueueSettings> {
  if (lockMs === undefined) return QUEUE_SETTINGS;
  return Object.fromEntries(
    Object.entries(QUEUE_SETTINGS).map(([name, settings]) => [name, { ...settings, lockMs }]),
  ) as Record<QueueName, QueueSettings>;
}
