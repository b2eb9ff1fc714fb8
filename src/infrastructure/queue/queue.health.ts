import type { HealthCheck } from '../../domain/shared/health';
import { QueueName } from '../../domain/shared/job-queue.port';
import type { BullMqJobQueue } from './bullmq-job-queue';

/** The job queue: reachable, and some worker is taking each queue's jobs (else they wait forever). */
export class QueueHealthCheck implements HealthCheck {
  readonly name = 'queue';
  constructor(private readonly queue: BullMqJobQueue) {}

  async check() {
    const names = Object.values(QueueName);
    const workers = await Promise.all(names.map((name) => this.queue.queue(name).getWorkersCount()));
    const idle = names.filter((_, i) => workers[i] === 0);
    if (idle.length)
      return {
        warning: `no worker is taking jobs from: ${idle.join(', ')}; start the worker service (npm run worker)`,
      };
  }
}
