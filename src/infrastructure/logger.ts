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

/**
 * How every log writes an error (the app's, the worker's, each request's): its type, message and code, never a
 * database error's bound parameters (they may hold hashes or personal data), and no stack unless `withStack`
 * (LOG_LEVEL debug or trace): the request's id, the error's type and message say what failed.
 */
function errorSerializer(withStack: boolean): (error: unknown) => unknown {
  return (error) => {
    const serialized = pino.stdSerializers.err(error as Error);
    return withStack ? withoutParameters(serialized) : withoutStacks(withoutParameters(serialized), 0);
  };
}

function withoutParameters(serialized: unknown): unknown {
  if (!serialized || typeof serialized !== 'object') return serialized;
  const {
    nativeError,
    params: _params,
    parameters: _parameters,
    bindings: _bindings,
    ...rest
  } = serialized as Record<string, unknown>;
  const native = nativeError as Record<string, unknown> | undefined;
  return native
    ? { ...rest, db: { code: native.code, table: native.table, constraint: native.constraint, column: native.column } }
    : rest;
}

/** A serialized error and the errors inside it (an AggregateError's, a property's), without their stacks. */
function withoutStacks(value: unknown, depth: number): unknown {
  if (!value || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((item) => withoutStacks(item, depth + 1));
  // Plain objects and serialized errors only: a Date, a Buffer or a class's instance stays as it is.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null && !Object.hasOwn(value, 'stack')) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (key !== 'stack') out[key] = withoutStacks(item, depth + 1);
  return out;
}
