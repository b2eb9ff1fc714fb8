export const USER_REPOSITORY = Symbol.for('users.UserRepository');
export const SESSION_REPOSITORY = Symbol.for('users.SessionRepository');
export const PASSWORD_HASHER = Symbol.for('users.PasswordHasher');
export const RATE_LIMITER = Symbol.for('users.RateLimiter');
export const AUTH_SERVICE = Symbol.for('users.AuthService');
export const USERS_SERVICE = Symbol.for('users.UsersService');
export const DEMO_USERS_SEEDER = Symbol.for('users.DemoUsersSeeder');
