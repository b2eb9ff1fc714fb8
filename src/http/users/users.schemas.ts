import Joi from 'joi';
import type { RegisterInput } from '../../domain/users/auth.service';
import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventFilter } from '../../domain/users/security-event';
import {
  INITIALS_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  type PublicUser,
  type Session,
  type User,
} from '../../domain/users/user';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '../../domain/users/username';
import type { AdminUserChanges, NewUserByAdmin, ProfileChanges } from '../../domain/users/users.service';
import { cursorQuery, expectedVersion, listQuery } from '../crm/crm.schemas';
import { count, id, itemsResponse, nextCursor, pageResponse, responseObject, timestamp } from '../response.schemas';

const username = Joi.string()
  .trim()
  .min(USERNAME_MIN_LENGTH)
  .max(USERNAME_MAX_LENGTH)
  .pattern(USERNAME_PATTERN)
  .messages({
    'string.pattern.base': 'Use letters, digits and . _ @ - only',
  });
const password = Joi.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const name = Joi.string().trim().min(1).max(120);
const initials = Joi.string()
  .trim()
  .min(1)
  .max(INITIALS_MAX_LENGTH)
  .pattern(/^[\p{L}\p{N}]+$/u)
  .messages({
    'string.pattern.base': 'Initials are letters or digits',
  });

const initialsOrDerived = initials.description(
  'Derived from the name when omitted: first letters of its first and last words',
);

export const loginSchemas = {
  body: Joi.object<{ username: string; password: string; remember: boolean }, true>({
    username: Joi.string().trim().min(1).max(64).required(),
    // Sign-in does not re-check the password rules (old passwords stay valid) but still bounds the size.
    password: Joi.string().min(1).max(PASSWORD_MAX_LENGTH).required(),
    remember: Joi.boolean().default(false),
  }),
};

export const registerSchemas = {
  body: Joi.object<RegisterInput, true>({
    username: username.required(),
    password: password.required(),
    name: name.required(),
    role: Joi.string()
      .valid(...ROLES)
      .default('employee'),
    initials: initialsOrDerived,
  }),
};

export const updateProfileSchemas = {
  body: Joi.object<ProfileChanges & { updatedAt?: Date }, true>({ name, initials, updatedAt: expectedVersion }).or(
    'name',
    'initials',
  ),
};

export const changePasswordSchemas = {
  body: Joi.object<{ currentPassword: string; newPassword: string }, true>({
    currentPassword: Joi.string().min(1).max(PASSWORD_MAX_LENGTH).required(),
    newPassword: password.required(),
  }),
};

export const sessionIdSchemas = {
  params: Joi.object<Pick<Session, 'id'>, true>({ id: Joi.string().guid({ version: 'uuidv4' }).required() }),
};

export const listUsersSchemas = { query: cursorQuery };

const userIdParams = Joi.object<Pick<User, 'id'>, true>({ id: Joi.number().integer().min(1).required() });

export const userIdSchemas = { params: userIdParams };

export const adminUpdateUserSchemas = {
  params: userIdParams,
  body: Joi.object<AdminUserChanges, true>({ role: Joi.string().valid(...ROLES), disabled: Joi.boolean() }).min(1),
};

export const createUserSchemas = {
  body: Joi.object<NewUserByAdmin, true>({
    username: username.required(),
    name: name.required(),
    initials: initialsOrDerived,
    role: Joi.string()
      .valid(...ROLES)
      .required(),
    temporaryPassword: password.required().description('The user must replace it at the first sign-in'),
  }),
};

export const securityLogSchemas = {
  query: listQuery<SecurityEventFilter>({
    userId: Joi.number().integer().min(1).description('Entries about this account'),
    type: Joi.string().valid(...SECURITY_EVENT_TYPES),
  }),
};

/** The user as every auth, profile and admin route shows it (publicUser). */
const publicUser = responseObject({
  id,
  username: Joi.string(),
  name: Joi.string(),
  role: Joi.string().valid(...ROLES),
  initials: Joi.string(),
  lastAccess: timestamp.allow(null).description('The sign-in before the current one'),
  disabled: Joi.boolean(),
  mustChangePassword: Joi.boolean().description(
    'A temporary password: until it is changed, every call but reading the user, changing the password and logout answers 403',
  ),
  createdAt: timestamp,
  updatedAt: timestamp.description(
    'Changes with name, initials, role or disabled; send it back when changing your profile',
  ),
} satisfies Joi.StrictSchemaMap<PublicUser>);

export const userResponses = {
  user: publicUser,
  loggedOut: responseObject({ ok: Joi.valid(true) }),
  passwordChanged: responseObject({
    ok: Joi.valid(true),
    endedSessions: count.description('Your other sessions, now ended'),
  }),
  sessions: itemsResponse(
    responseObject({
      id: Joi.string().guid(),
      createdAt: timestamp,
      lastSeenAt: timestamp,
      expiresAt: timestamp,
      userAgent: Joi.string().allow(null),
      ip: Joi.string().allow(null),
      remember: Joi.boolean(),
      current: Joi.boolean().description('The session of this request'),
    }),
  ),
  users: responseObject({
    items: Joi.array().items(
      publicUser.keys({
        openSessions: count.required().description('Sessions open now'),
        lastActiveAt: timestamp
          .allow(null)
          .required()
          .description('The latest request of any session, or the latest sign-in'),
      }),
    ),
    nextCursor,
  }),
  passwordReset: responseObject({
    temporaryPassword: Joi.string().description('Shown once: the user must replace it at the next sign-in'),
    endedSessions: count,
  }),
  sessionsEnded: responseObject({ endedSessions: count }),
  securityEvents: pageResponse(
    responseObject({
      id,
      type: Joi.string().valid(...SECURITY_EVENT_TYPES),
      userId: id.allow(null),
      username: Joi.string().allow(null).description("As typed for a failed sign-in, else the account's at the time"),
      userName: Joi.string().allow(null),
      actorId: id.allow(null).description('The administrator who did it'),
      actorName: Joi.string().allow(null),
      ip: Joi.string().allow(null),
      userAgent: Joi.string().allow(null),
      details: Joi.object({
        from: Joi.string(),
        to: Joi.string(),
        reason: Joi.string().valid('invalid_credentials', 'disabled'),
        retryAfterSeconds: count,
        endedSessions: count,
      }).allow(null),
      createdAt: timestamp,
    } satisfies Joi.StrictSchemaMap<SecurityEvent>),
  ),
};
