import { inject, injectable } from 'inversify';
import type { JobProcessor } from '../../domain/shared/job-queue.port';
import type { SecurityLog } from '../../domain/users/security-log.service';
import { SECURITY_LOG } from '../../domain/users/users.tokens';

/** Hourly: deletes security log entries older than the 180 days it keeps (one indexed delete; running twice is harmless). */
@injectable()
export class PurgeSecurityEventsProcessor implements JobProcessor<'security-events.purge'> {
  readonly jobName = 'security-events.purge' as const;
  readonly everyMs = 60 * 60 * 1000;

  constructor(@inject(SECURITY_LOG) private readonly securityLog: SecurityLog) {}

  async handle(): Promise<void> {
    await this.securityLog.purge();
  }
}
