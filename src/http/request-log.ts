import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Each request's id (the caller's X-Request-Id when it is a plain token, else this process's next one, sent back as
 * X-Request-Id) and, at LOG_LEVEL info or below, one log line per request with `req.log` for the rest of its way.
 * Errors are written by `logger`'s own serializer (src/main's: no bound values, no stack above debug): pino-http's
 * wrapping of serializers is off, which would put pino's standard one in its place.
 */
export function requestLog(logger: Logger): RequestHandler {
  const bootId = randomBytes(4).toString('hex');
  let requests = 0;
  const requestId = (req: IncomingMessage, res: ServerResponse): string => {
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : `${bootId}-${(++requests).toString(36)}`;
    res.setHeader('X-Request-Id', id);
    return id;
  };
  if (!logger.isLevelEnabled('info'))
    // Above info no request is logged, only errors (errorHandler, with the request's id): no per-request child
    // logger, serialised bindings and listeners that would log nothing.
    return (req, res, next) => {
      req.id = requestId(req, res);
      next();
    };
  return pinoHttp({
    logger,
    genReqId: requestId,
    autoLogging: {
      ignore: (req) =>
        req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' || !!req.url?.startsWith('/assets/'),
    },
    // Client errors (an anonymous GET /api/user, a wrong password) are normal traffic: info, not warn.
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.socket?.remoteAddress,
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  });
}
