import type { SecurityEvent } from '../../domain/users/security-event';
import type { Session, User, UserOverview, UserWithPassword } from '../../domain/users/user';
import { tableModel } from '../db/base.model';

export const UserModel = tableModel('users', { hasUpdatedAt: true });
export const SessionModel = tableModel('sessions');
export const SecurityEventModel = tableModel('security_events', { jsonAttributes: ['details'] });

type Row = Record<string, unknown>;

/** The users columns toUser reads, from a query that names the users table `u` (a request's check joins it). */
export const USER_SELECT = `u.id, u.username, u.name, u.role, u.initials, u.previous_access AS "previousAccess",
  u.disabled_at AS "disabledAt", u.must_change_password AS "mustChangePassword", u.created_at AS "createdAt",
  u.updated_at AS "updatedAt"`;

/** A users row as the domain sees it: its last access is the sign-in before the current one; no password. */
export function toUser(row: Row): User {
  const { id, username, name, role, initials, previousAccess, disabledAt, mustChangePassword, createdAt, updatedAt } =
    row as Record<string, never>;
  return {
    id,
    username,
    name,
    role,
    initials,
    lastAccess: previousAccess,
    disabledAt,
    mustChangePassword,
    createdAt,
    updatedAt,
  };
}

export function toUserWithPassword(row: Row): UserWithPassword {
  return { ...toUser(row), passwordHash: row.password as string };
}

export function toSession(row: Row): Session {
  const { id, userId, remember, createdAt, expiresAt, lastSeenAt, userAgent, ip } = row as Record<string, never>;
  return { id, userId, remember, createdAt, expiresAt, lastSeenAt, userAgent, ip };
}

export function toUserOverview(row: Row): UserOverview {
  return {
    ...toUser(row),
    openSessions: Number(row.openSessions ?? 0),
    lastActiveAt: (row.lastActiveAt as Date | null) ?? null,
  };
}

export function toSecurityEvent(row: Row): SecurityEvent {
  const { id, type, userId, username, userName, actorId, actorName, ip, userAgent, details, createdAt } = row as Record<
    string,
    never
  >;
  return { id, type, userId, username, userName, actorId, actorName, ip, userAgent, details, createdAt };
}
