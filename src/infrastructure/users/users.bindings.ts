import { ContainerModule } from 'inversify';
import type { Redis } from 'ioredis';
import { HTTP_ROUTER, JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import { AuthService } from '../../domain/users/auth.service';
import { UsersService } from '../../domain/users/users.service';
import { AUTH_SERVICE, PASSWORD_HASHER, RATE_LIMITER, SESSION_REPOSITORY, USERS_SERVICE, USER_REPOSITORY } from '../../domain/users/users.tokens';
import { UsersRouter } from '../../http/users/users.router';
import { PurgeExpiredSessionsProcessor } from '../../jobs/users/purge-expired-sessions.processor';
import { Argon2PasswordHasher } from './argon2-password-hasher';
import { KnexSessionRepository } from './knex-session.repository';
import { KnexUserRepository } from './knex-user.repository';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiters';

export function usersModule(redis: Redis | undefined) {
  return new ContainerModule(({ bind }) => {
    bind(USER_REPOSITORY).to(KnexUserRepository).inSingletonScope();
    bind(SESSION_REPOSITORY).to(KnexSessionRepository).inSingletonScope();
    bind(PASSWORD_HASHER).to(Argon2PasswordHasher).inSingletonScope();
    bind(RATE_LIMITER).toConstantValue(redis ? new RedisRateLimiter(redis) : new MemoryRateLimiter());
    bind(AUTH_SERVICE).to(AuthService).inSingletonScope();
    bind(USERS_SERVICE).to(UsersService).inSingletonScope();
    bind(UsersRouter).toSelf().inSingletonScope();
    bind(HTTP_ROUTER).toService(UsersRouter);
    bind(PurgeExpiredSessionsProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(PurgeExpiredSessionsProcessor);
  });
}
