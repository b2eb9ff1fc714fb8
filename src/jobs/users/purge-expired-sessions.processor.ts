import { inject, injectable } from 'inversify';
import type { JobProcessor } from '../../domain/shared/job-queue.port';
import type { UsersService } from '../../domain/users/users.service';
import { USERS_SERVICE } from '../../domain/users/users.tokens';

/** Hourly: deletes sessions that expired or were revoked over a week ago (kept that long for the record). */
@injectable()
export class PurgeExpiredSessionsProcessor implements JobProcessor<'sessions.purge-expired'> {
  readonly jobName = 'sessions.purge-expired' as const;
  readonly everyMs = 60 * 60 * 1000;

  constructor(@inject(USERS_SERVICE) private readonly users: UsersService) {}

  async handle(): Promise<void> {
    await this.users.purgeSessions();
  }
}
