import { inject, injectable } from 'inversify';
import type { Clock } from '../shared/clock';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, LOGGER } from '../shared/shared.tokens';
import {
  SECURITY_LOG_KEEP_DAYS,
  USER_AGENT_MAX_LENGTH,
  type ClientInfo,
  type NewSecurityEvent,
  type SecurityEvent,
  type SecurityEventFilter,
} from './security-event';
import type { SecurityEventRepository } from './users.ports';
import { SECURITY_EVENT_REPOSITORY } from './users.tokens';

interface Log {
  warn(obj: object, msg: string): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The security log. `record` joins the caller's transaction, so an administrator's change and its entry
 * stand or fall together; `recordQuietly` is for sign-in, which must answer the same (and not fail) when
 * the log cannot be written: the failure goes to the server log instead. Passwords are never given to it.
 */
@injectable()
export class SecurityLog {
  constructor(
    @inject(SECURITY_EVENT_REPOSITORY) private readonly events: SecurityEventRepository,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly log: Log,
  ) {}

  record(event: NewSecurityEvent, client: ClientInfo): Promise<void> {
    return this.events.record({
      ...event,
      username: event.username?.slice(0, 64) ?? null,
      ip: client.ip?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    });
  }

  async recordQuietly(event: NewSecurityEvent, client: ClientInfo): Promise<void> {
    try {
      await this.record(event, client);
    } catch (error) {
      this.log.warn({ err: error, type: event.type, userId: event.userId }, 'security event not recorded');
    }
  }

  list(filter: SecurityEventFilter, page: PageRequest): Promise<Page<SecurityEvent>> {
    return this.events.list(filter, page);
  }

  /** Removes entries older than the 180 days the log keeps; returns how many. */
  purge(): Promise<number> {
    return this.events.purge(new Date(this.clock.now().getTime() - SECURITY_LOG_KEEP_DAYS * DAY_MS));
  }
}
