export const ROLES = ['employee', 'developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const INITIALS_MAX_LENGTH = 3;

export interface User {
  id: number;
  username: string;
  name: string;
  role: Role;
  initials: string;
  /** The sign-in before the current one (what "last access" means to the person reading it). */
  lastAccess: Date | null;
  disabledAt: Date | null;
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
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;
