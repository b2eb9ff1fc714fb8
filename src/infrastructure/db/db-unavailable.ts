/**
 * Whether an error means the database cannot be reached right now (down, restarting, connections cut)
 * rather than a fault of the request or the code: the API answers 503, not 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// 57P01 admin_shutdown (terminated by an administrator or a fast shutdown), 57P02 crash_shutdown,
// 57P03 cannot_connect_now (starting up, shutting down); class 08: connection exceptions.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
const MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|Connection is closed|timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // objection wraps the driver's error in nativeError; others chain it as cause.
    e = (e as { nativeError?: unknown }).nativeError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
