import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths never written to the log: credentials, cookies and session material. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  'sessionSecret',
  '*.sessionSecret',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'funil' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: errorSerializer(STACK_LEVELS.has(level)) },
    },
    destination,
  );
}

/** The levels at which errors are logged with their stacks: an operator chasing a bug asks for them. */
const STACK_LEVELS = new Set(['debug', 'trace']);

/** What an error (a database error) may carry of a statement's values: never logged. */
const BOUND_VALUES = new Set(['params', 'parameters', 'bindings']);

/**
 * How every log writes an error (the app's, the worker's, each request's): its type, message and code, never a
 * database error's bound values (they may hold hashes or personal data) nor its driver error beyond its codes, and no
 * stack unless `withStack` (LOG_LEVEL debug or trace): the request's id, the error's type and message say what
 * failed. The errors inside it (an AggregateError's, a property's) are written the same way.
 */
function errorSerializer(withStack: boolean): (error: unknown) => unknown {
  const written = (value: unknown, depth: number): unknown => {
    if (depth > 3) return value;
    if (Array.isArray(value)) return value.map((item) => written(item, depth + 1));
    if (!isSerializedError(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (BOUND_VALUES.has(key) || (key === 'stack' && !withStack)) continue;
      if (key !== 'nativeError') out[key] = written(item, depth + 1);
      else if (item && typeof item === 'object') {
        const native = item as Record<string, unknown>;
        out.db = { code: native.code, table: native.table, constraint: native.constraint, column: native.column };
      }
    }
    return out;
  };
  return (error) => written(pino.stdSerializers.err(error as Error), 0);
}

/** An error as pino's serializer writes it (its type and message its own), at any depth. */
const isSerializedError = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, 'type') && Object.hasOwn(value, 'message');
