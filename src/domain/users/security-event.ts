/** What the security log records. Written by the server at the event, never from the client. */
export const SECURITY_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'sign_in_throttled',
  'user_registered',
  'user_created',
  'role_changed',
  'user_disabled',
  'user_enabled',
  'password_changed',
  'password_reset',
  'sessions_ended',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The log keeps this long; a daily job deletes older entries. */
export const SECURITY_LOG_KEEP_DAYS = 180;
/** The browser as stored: the user agent, cut to this many characters. */
export const USER_AGENT_MAX_LENGTH = 300;

export interface SecurityEventDetails {
  /** role_changed */
  from?: string;
  to?: string;
  /** sign_in_failed: why (never the password) */
  reason?: 'invalid_credentials' | 'disabled';
  /** sign_in_throttled: seconds until another attempt is allowed */
  retryAfterSeconds?: number;
  /** sessions_ended, password_reset, password_changed, user_disabled: how many sessions it ended */
  endedSessions?: number;
}

export interface NewSecurityEvent {
  type: SecurityEventType;
  /** The account concerned; null for a failed sign-in with an unknown username. */
  userId: number | null;
  username: string | null;
  /** The administrator who did it, when it was not the user. */
  actorId?: number | null;
  details?: SecurityEventDetails | null;
}

export interface SecurityEvent {
  id: number;
  type: SecurityEventType;
  userId: number | null;
  username: string | null;
  /** The account's current name, when it still exists. */
  userName: string | null;
  actorId: number | null;
  actorName: string | null;
  ip: string | null;
  userAgent: string | null;
  details: SecurityEventDetails | null;
  createdAt: Date;
}

export interface SecurityEventFilter {
  userId?: number;
  type?: SecurityEventType;
}

/** Where a request came from: its address (as the app trusts proxies) and its user agent. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}
