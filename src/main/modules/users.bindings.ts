import { ContainerModule } from 'inversify';
import type { Redis } from 'ioredis';
import { JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import { AuthService, signInPace } from '../../domain/users/auth.service';
import { SecurityLog } from '../../domain/users/security-log.service';
import { UsersService } from '../../domain/users/users.service';
import {
  AUTH_SERVICE,
  PASSWORD_HASHER,
  RATE_LIMITER,
  SECURITY_EVENT_REPOSITORY,
  SECURITY_LOG,
  SESSION_REPOSITORY,
  SIGN_IN_PACE,
  USERS_SERVICE,
  USER_REPOSITORY,
} from '../../domain/users/users.tokens';
import { PurgeExpiredSessionsProcessor } from '../../jobs/users/purge-expired-sessions.processor';
import { PurgeSecurityEventsProcessor } from '../../jobs/users/purge-security-events.processor';
import { Argon2PasswordHasher } from '../../infrastructure/users/argon2-password-hasher';
import { KnexSecurityEventRepository } from '../../infrastructure/users/knex-security-event.repository';
import { KnexSessionRepository } from '../../infrastructure/users/knex-session.repository';
import { KnexUserRepository } from '../../infrastructure/users/knex-user.repository';
import { MemoryRateLimiter, RedisRateLimiter } from '../../infrastructure/users/rate-limiters';

/**
 * `keyPrefix` is the deployment's Redis prefix (QUEUE_PREFIX): its sign-in counters live under `<prefix>:ratelimit:`.
 * `signInPaceMs` (SIGN_IN_PACE_MS) paces an address past its failures; unset, 3 s.
 */
export function usersModule(redis: Redis | undefined, keyPrefix: string, signInPaceMs?: number) {
  return new ContainerModule(({ bind }) => {
    bind(USER_REPOSITORY).to(KnexUserRepository).inSingletonScope();
    bind(SESSION_REPOSITORY).to(KnexSessionRepository).inSingletonScope();
    bind(PASSWORD_HASHER).toConstantValue(new Argon2PasswordHasher());
    bind(RATE_LIMITER).toConstantValue(
      redis ? new RedisRateLimiter(redis, `${keyPrefix}:ratelimit:`) : new MemoryRateLimiter(),
    );
    bind(SECURITY_EVENT_REPOSITORY).to(KnexSecurityEventRepository).inSingletonScope();
    bind(SECURITY_LOG).to(SecurityLog).inSingletonScope();
    bind(SIGN_IN_PACE).toConstantValue(signInPace(signInPaceMs));
    bind(AUTH_SERVICE).to(AuthService).inSingletonScope();
    bind(USERS_SERVICE).to(UsersService).inSingletonScope();
    bind(PurgeExpiredSessionsProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(PurgeExpiredSessionsProcessor);
    bind(PurgeSecurityEventsProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(PurgeSecurityEventsProcessor);
  });
}
