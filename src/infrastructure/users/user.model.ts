import type { Session, User, UserWithPassword } from '../../domain/users/user';
import { tableModel } from '../db/base.model';

export const UserModel = tableModel('users', { hasUpdatedAt: true });
export const SessionModel = tableModel('sessions');

type Row = Record<string, unknown>;

/** A users row as the domain sees it: its last access is the sign-in before the current one; no password. */
export function toUser(row: Row): User {
  const { id, username, name, role, initials, previousAccess, disabledAt, createdAt, updatedAt } = row as Record<string, never>;
  return { id, username, name, role, initials, lastAccess: previousAccess, disabledAt, createdAt, updatedAt };
}

export function toUserWithPassword(row: Row): UserWithPassword {
  return { ...toUser(row), passwordHash: row.password as string };
}

export function toSession(row: Row): Session {
  const { id, userId, remember, createdAt, expiresAt, lastSeenAt, userAgent, ip } = row as Record<string, never>;
  return { id, userId, remember, createdAt, expiresAt, lastSeenAt, userAgent, ip };
}
