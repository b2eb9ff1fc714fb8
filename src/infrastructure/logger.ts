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
      serializers: { err: safeError },
    },
    destination,
  );
}

/** Errors as logged: database errors lose their bound parameters (they may hold hashes or personal data). */
function safeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const { nativeError, params: _params, parameters: _parameters, bindings: _bindings, ...rest } = serialized;
  const native = nativeError as Record<string, unknown> | undefined;
  return native
    ? { ...rest, db: { code: native.code, table: native.table, constraint: native.constraint, column: native.column } }
    : rest;
}
