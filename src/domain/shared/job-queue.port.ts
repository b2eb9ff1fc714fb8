/** Queue names, in one place. Each has a settings row in `infrastructure/queue/queue-settings.ts`. */
export enum QueueName {
  Maintenance = 'maintenance',
  Reports = 'reports',
  Imports = 'imports',
  Reminders = 'reminders',
  Webhooks = 'webhooks',
}

/** One reminder of a send batch; remindAt as ISO 8601: a reminder that moved since is left out. */
export interface ReminderJobItem {
  activityId: number;
  remindAt: string;
}

/** Job names and their payloads, per queue. */
export interface JobPayloads {
  'sessions.purge-expired': Record<string, never>;
  'security-events.purge': Record<string, never>;
  'reports.refresh': Record<string, never>;
  'contacts.import': { importId: number };
  'reminders.scan': Record<string, never>;
  /** A batch of claimed reminders (at most REMINDER_BATCH). */
  'reminders.send': { reminders: ReminderJobItem[] };
  'digests.scan': Record<string, never>;
  'webhooks.scan': Record<string, never>;
  /** One try of one claimed delivery; `holdUntil` (ISO 8601) names the claim: a later claim's job is another's. */
  'webhooks.deliver': { deliveryId: number; holdUntil: string };
  'webhooks.purge': Record<string, never>;
  'privacy.retention-scan': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export const JOB_QUEUES: Record<JobName, QueueName> = {
  'sessions.purge-expired': QueueName.Maintenance,
  'security-events.purge': QueueName.Maintenance,
  'reports.refresh': QueueName.Reports,
  'contacts.import': QueueName.Imports,
  'reminders.scan': QueueName.Reminders,
  'reminders.send': QueueName.Reminders,
  'digests.scan': QueueName.Reminders,
  'webhooks.scan': QueueName.Webhooks,
  'webhooks.deliver': QueueName.Webhooks,
  'webhooks.purge': QueueName.Maintenance,
  'privacy.retention-scan': QueueName.Maintenance,
};

export interface EnqueueOptions {
  /** Deduplicates: a job with the same id is not added twice while it is known to the queue. */
  jobId?: string;
  delayMs?: number;
}

/** What producers depend on; BullMQ or the in-process runner sit behind it. */
export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /** Many jobs of one name in one round trip; all are queued or the call fails. */
  enqueueMany<N extends JobName>(name: N, jobs: { payload: JobPayloads[N]; options?: EnqueueOptions }[]): Promise<void>;
}

/** One handler per job name; it must be safe to run twice for the same payload. */
export interface JobProcessor<N extends JobName = JobName> {
  readonly jobName: N;
  /** Recurring jobs: the interval in milliseconds. */
  readonly everyMs?: number;
  /** Also run once when the workers start (e.g. report figures: a new installation has them from the first minute). */
  readonly runAtStart?: boolean;
  handle(payload: JobPayloads[N]): Promise<void>;
  /** Called once the last attempt failed, so the failure is recorded rather than dropped. */
  onFailed?(payload: JobPayloads[N], error: Error): Promise<void>;
}
