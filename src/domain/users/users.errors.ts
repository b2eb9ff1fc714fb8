import { AppError } from '../shared/app-error';
import { RetryLaterError } from '../shared/retry-later.error';

export class InvalidCredentialsError extends AppError {
  constructor() {
    super('AUTH.INVALID_CREDENTIALS', 'Invalid username or password');
  }
}

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('AUTH.TOO_MANY_ATTEMPTS', `Too many attempts; try again in ${retryAfterSeconds} seconds`, {
      retryAfterSeconds,
    });
  }
}

/** More password hashing is waiting than the server takes on: try again shortly (503 with Retry-After). */
export class PasswordWorkBusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      'SERVICE.UNAVAILABLE',
      `Too many sign-ins at once; try again in ${retryAfterSeconds} seconds`,
      retryAfterSeconds,
    );
  }
}

export class AccountDisabledError extends AppError {
  constructor() {
    super('AUTH.ACCOUNT_DISABLED', 'This account is disabled; ask an administrator');
  }
}

export class RoleNotAllowedError extends AppError {
  constructor() {
    super(
      'AUTH.ROLE_NOT_ALLOWED',
      'Only an administrator can give the developer or admin role; new accounts are employees',
    );
  }
}

export class UsernameTakenError extends AppError {
  constructor() {
    super('USER.USERNAME_TAKEN', 'This username is already taken', [
      { path: 'username', message: 'This username is already taken' },
    ]);
  }
}

export class UserNotFoundError extends AppError {
  constructor() {
    super('USER.NOT_FOUND', 'User not found');
  }
}

export class WrongPasswordError extends AppError {
  constructor() {
    super('AUTH.WRONG_PASSWORD', 'The current password is not correct', [
      { path: 'currentPassword', message: 'The current password is not correct' },
    ]);
  }
}

export class LastAdminError extends AppError {
  constructor() {
    super('USER.LAST_ADMIN', 'The last active administrator cannot lose the admin role or be disabled');
  }
}

export class SessionNotFoundError extends AppError {
  constructor() {
    super('SESSION.NOT_FOUND', 'Session not found');
  }
}

export class PasswordChangeRequiredError extends AppError {
  constructor() {
    super('AUTH.PASSWORD_CHANGE_REQUIRED', 'Choose a new password before going on: this one was temporary');
  }
}

export class PasswordUnchangedError extends AppError {
  constructor() {
    super('AUTH.PASSWORD_UNCHANGED', 'The new password must differ from the temporary one', [
      { path: 'newPassword', message: 'The new password must differ from the temporary one' },
    ]);
  }
}
