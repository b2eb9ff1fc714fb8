export const ROLES = ['employee', 'developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const INITIALS_MAX_LENGTH = 3;

const firstLetterOrDigit = (word: string) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '';

/**
 * Initials when none are given: the first letters of the first and last words of the name ("Gonçalo Rodrigues"
 * is GR, "Ana Maria da Silva" AS, "Paula" P), uppercase; from the username when the name has no letter or digit.
 */
export function deriveInitials(name: string, username: string): string {
  const words = name
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .filter((word) => firstLetterOrDigit(word));
  const letters = words.length
    ? firstLetterOrDigit(words[0]) + (words.length > 1 ? firstLetterOrDigit(words[words.length - 1]) : '')
    : firstLetterOrDigit(username);
  return letters.toLocaleUpperCase('pt-BR').slice(0, INITIALS_MAX_LENGTH);
}

export interface User {
  id: number;
  username: string;
  name: string;
  role: Role;
  initials: string;
  /** The sign-in before the current one (what "last access" means to the person reading it). */
  lastAccess: Date | null;
  disabledAt: Date | null;
  /** Set when an administrator created the account or reset its password: until changed, only the password change is allowed. */
  mustChangePassword: boolean;
  createdAt: Date;
  /** Moves when what the account shows changes (name, initials, role, disabled), not on sign-in or a new password. */
  updatedAt: Date;
}

export interface UserWithPassword extends User {
  passwordHash: string;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  name: string;
  role: Role;
  initials: string;
  mustChangePassword?: boolean;
}

export interface Session {
  id: string;
  userId: number;
  remember: boolean;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export interface NewSession {
  tokenHash: string;
  userId: number;
  remember: boolean;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** The user as the API shows it: never the password hash. */
export function publicUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    role: user.role,
    initials: user.initials,
    lastAccess: user.lastAccess,
    disabled: user.disabledAt !== null,
    mustChangePassword: user.mustChangePassword,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

/** A user as the administrators' list shows it: how many sessions are open and when the account was last used. */
export interface UserOverview extends User {
  openSessions: number;
  /** The latest request of any of its sessions, or its latest sign-in; null when it never signed in. */
  lastActiveAt: Date | null;
}
