import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { StorageErrors } from '../domain/shared/storage-errors.port';
import type { AuthService } from '../domain/users/auth.service';
import type { Config } from '../infrastructure/config';
import type { Limits } from '../infrastructure/limits';
import type { ApiKeysService } from '../domain/api-keys/api-keys.service';
import type { FormsService } from '../domain/forms/forms.service';
import type { RateLimiter } from '../domain/users/users.ports';
import { apiKeyAuth, bearerOf } from './api-key-auth';
import { publicForms } from './forms/public-forms';
import { concurrencyLimit } from './concurrency-limit';
import { errorHandler, notFoundHandler } from './errors';
import { verifyJsonBytes } from './input-guard';
import type { ResponseTimes } from './metrics/response-times';
import { requestMetrics, type RequestMetrics } from './metrics/request-metrics';
import { requestLog } from './request-log';
import { mountRoutes, type HttpRouter } from './route';
import {
  allowedHosts,
  crossSiteGuard,
  hostGuard,
  inlineScriptHashes,
  securityHeaders,
  strictTransportSecurity,
} from './security';
import { sequence } from './sequence';
import { sessionMiddleware } from './session';

export const JSON_BODY_LIMIT = '100kb';
/** A path whose last segment has an extension (`/favicon.ico`, `/assets/x.js`): a file, never a client-side route. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

export interface AppOptions {
  /** Directory of the built React app; served when it exists. */
  uiDir?: string;
}

/** What the app is made of; src/main/server.ts assembles it from the container. */
export interface AppParts {
  config: Config;
  /** The config's limits with their defaults filled in. */
  limits: Limits;
  logger: Logger;
  /** Every router, in the order their routes are tried (src/main/http-routers.ts). */
  routers: HttpRouter[];
  auth: AuthService;
  /** Requests made with an API key (Authorization: Bearer), each key with its own rate. */
  apiKeys: ApiKeysService;
  rateLimiter: RateLimiter;
  /** Web-to-lead forms: their public side under /f. */
  forms: FormsService;
  responseTimes: ResponseTimes;
  storageErrors: StorageErrors;
  /** Prometheus metrics (METRICS_TOKEN or METRICS_PORT set): every request timed by route template. */
  metrics?: RequestMetrics;
}

export function createApp(parts: AppParts, options: AppOptions = {}): Express {
  const { config, limits, logger, storageErrors } = parts;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  const indexFile = options.uiDir ? path.join(options.uiDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  const logRequests = requestLog(logger);
  // Timed from the first step, so the duration is what the client waited for.
  if (parts.metrics) app.use(requestMetrics(parts.metrics));
  // Every request's first steps, one router layer.
  app.use(
    sequence(
      logRequests,
      securityHeaders(indexHtml ? inlineScriptHashes(indexHtml) : []),
      strictTransportSecurity(),
      hostGuard(allowedHosts(config)),
    ),
  );
  // A missing asset's 404 is never stored (the API's answers get no-store with their security headers, above).
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const parseJson = express.json({ limit: JSON_BODY_LIMIT, strict: true, verify: verifyJsonBytes });
  // A request without a body (no Content-Length, no Transfer-Encoding: every GET a browser sends) has nothing to
  // parse: the parser would find that out itself, at some cost on every request.
  const jsonBody: RequestHandler = (req, res, next) =>
    req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined
      ? next()
      : parseJson(req, res, next);
  const session = sessionMiddleware(config.sessionSecret, config.cookieSecure, parts.auth);
  const sessionLimit = concurrencyLimit(limits, session.sessionLane);
  const userLimit = concurrencyLimit(limits, session.userLane);
  parts.metrics?.watchLanes({ session: sessionLimit.load, user: userLimit.load });
  const guardCrossSite = crossSiteGuard(config.publicUrl ? new URL(config.publicUrl).origin : undefined);
  // A request with an API key reads no cookie and sets none, and no browser sends the header by itself: no
  // cross-site check. Its key is looked up in place of a session.
  const unlessBearer =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      bearerOf(req) === undefined ? handler(req, res, next) : next();
  // Sessions, bodies and the limits concern the API only: the web app's files and the health checks pay
  // for none of them (no cookie check, no session query per script the browser fetches).
  // Each session (or address) first, before the body is parsed and the session looked up, so a request
  // waiting its turn has cost no work yet; then each user, whichever of their sessions a request comes from.
  // One sequence, one router layer: the API's every request passes all of them.
  app.use(
    '/api',
    sequence(
      parts.responseTimes.middleware(),
      unlessBearer(guardCrossSite),
      unlessBearer(session.cookie),
      sessionLimit,
      jsonBody,
      apiKeyAuth(parts.apiKeys, parts.rateLimiter),
      unlessBearer(session.resolve),
      userLimit,
    ),
  );
  // Web-to-lead forms are sent from other sites by design: their own limits, no session and no cross-site check.
  app.use('/f', publicForms(parts.forms, parts.rateLimiter, config.publicUrl));
  // Outside /api too (checked in the sequence above for the API's requests): a form posted to a page's address
  // is refused the same way.
  app.use((req, res, next) =>
    req.path === '/api' || req.path.startsWith('/api/') ? next() : guardCrossSite(req, res, next),
  );
  app.use(mountRoutes(parts.routers, storageErrors));
  app.use('/api', notFoundHandler);

  if (options.uiDir && indexHtml) {
    app.use(
      '/assets',
      express.static(path.join(options.uiDir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
    );
    // A file this build does not have (a tab opened before a deploy asking for the previous build's chunk) is a
    // 404, never the app's page: the import then fails plainly and the app offers to reload (src/ui/app/stale-build.ts).
    // Not stored anywhere: the file may exist a moment later, once a rolling deploy reaches this server.
    app.use('/assets', noStore, notFoundHandler);
    app.use(express.static(options.uiDir, { index: false, maxAge: '1h' }));
    // Client-side routes: every other GET that wants a page gets the app, which shows its own 404. A path naming
    // a file (an extension in its last segment) is no route: a missing one is a 404 too.
    app.get(/.*/, (req, res, next) => {
      if (!req.accepts('html') || FILE_PATH.test(req.path)) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(indexHtml);
    });
  }
  app.use(notFoundHandler);
  app.use(errorHandler(logger, storageErrors));
  return app;
}
