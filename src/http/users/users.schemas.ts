import Joi from 'joi';
import type { RegisterInput } from '../../domain/users/auth.service';
import { INITIALS_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, type PublicUser, type Session, type User } from '../../domain/users/user';
import type { AdminUserChanges, ProfileChanges } from '../../domain/users/users.service';
import { cursorQuery, expectedVersion } from '../crm/crm.schemas';
import { count, id, itemsResponse, nextCursor, responseObject, timestamp } from '../response.schemas';

const username = Joi.string().trim().min(3).max(64).pattern(/^[A-Za-z0-9._@-]+$/).messages({
  'string.pattern.base': 'Use letters, digits and . _ @ - only',
});
const password = Joi.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const name = Joi.string().trim().min(1).max(120);
const initials = Joi.string().trim().min(1).max(INITIALS_MAX_LENGTH).pattern(/^[\p{L}\p{N}]+$/u).messages({
  'string.pattern.base': 'Initials are letters or digits',
});

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
    role: Joi.string().valid(...ROLES).default('employee'),
    initials: initials.required(),
  }),
};

export const updateProfileSchemas = {
  body: Joi.object<ProfileChanges & { updatedAt?: Date }, true>({ name, initials, updatedAt: expectedVersion }).or('name', 'initials'),
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

export const adminUpdateUserSchemas = {
  params: Joi.object<Pick<User, 'id'>, true>({ id: Joi.number().integer().min(1).required() }),
  body: Joi.object<AdminUserChanges, true>({ role: Joi.string().valid(...ROLES), disabled: Joi.boolean() }).min(1),
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
  createdAt: timestamp,
  updatedAt: timestamp.description('Changes with name, initials, role or disabled; send it back when changing your profile'),
} satisfies Joi.StrictSchemaMap<PublicUser>);

export const userResponses = {
  user: publicUser,
  loggedOut: responseObject({ ok: Joi.valid(true) }),
  passwordChanged: responseObject({ ok: Joi.valid(true), endedSessions: count.description('Your other sessions, now ended') }),
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
    items: Joi.array().items(publicUser),
    nextCursor,
  }),
};
