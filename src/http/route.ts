import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import type Joi from 'joi';
import { AppError, ValidationError, type ErrorCode } from '../domain/shared/app-error';
import type { Role, Session, User } from '../domain/users/user';
import { PasswordChangeRequiredError } from '../domain/users/users.errors';
import { BoundedMap } from '../domain/shared/bounded-map';
import type { StorageErrors } from '../domain/shared/storage-errors.port';
import { checkQueryEncoding, checkRequestInput, isPathDecodeError, pathDecodeError } from './input-guard';
import type { CSV, HTML, NO_CONTENT } from './response.schemas';

export interface AuthContext {
  user: User;
  /** The signed-in session; none for a request made with an API key (req.apiKey). */
  session?: Session;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/** Who may call a route (anybody, anybody signed in, or the listed roles). Every route says which. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/**
 * A route's joi schemas. Each one's type parameter is the *validated* value (joi converts: a Joi.date()
 * gives a Date, a query number a number, defaults filled in), which is what the handler receives.
 */
export interface RouteSchemas<Params = unknown, Query = unknown, Body = unknown> {
  params?: Joi.ObjectSchema<Params>;
  query?: Joi.ObjectSchema<Query>;
  body?: Joi.AnySchema<Body>;
}

/** A part without a schema is passed through as Express parsed it, so its type is `unknown`. */
export interface RouteInput<Params = unknown, Query = unknown, Body = unknown> {
  params: Params;
  query: Query;
  body: Body;
}

export interface RouteDefinition<Params = unknown, Query = unknown, Body = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path, e.g. `/api/crm/contacts/:id`. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  schemas?: RouteSchemas<Params, Query, Body>;
  /** Success status; the handler's return value is the JSON body (undefined sends no body). */
  status?: number;
  /**
   * The success body, for the API document only (responses are not validated at run time): a schema,
   * NO_CONTENT when the handler returns nothing (204), or CSV (HTML) when it writes a CSV file (an HTML page) itself.
   */
  response: Joi.Schema | typeof NO_CONTENT | typeof CSV | typeof HTML;
  /** Open to a signed-in user who must still replace a temporary password (every other signed-in route answers 403 until then). */
  whilePasswordChangeRequired?: boolean;
  /**
   * A file upload (multipart/form-data): its file part `file` and these text fields (a JSON value as text where
   * the field is an object or a list), for the API document; the handler reads the parts itself.
   */
  upload?: Joi.ObjectSchema;
  /** Left out of the API document (`false`): an older address kept for its clients, or /metrics (not JSON, not the API). */
  documented?: false;
  /** Error codes worth listing in the API document besides the ones every route can give. */
  errors?: readonly ErrorCode[];
  // Method syntax on purpose: a route typed for its own input still fits the list mountRoutes walks.
  handler(input: RouteInput<Params, Query, Body>, req: Request, res: Response): Promise<unknown> | unknown;
}

/** Infers a route's input types from its schemas, so `handler: ({ params, body }) => ...` needs no annotation. */
export const defineRoute = <Params = unknown, Query = unknown, Body = unknown>(
  route: RouteDefinition<Params, Query, Body>,
) => route;

/** Each module's router contributes its route definitions; the app mounts all of them. */
export interface HttpRouter {
  routes(): RouteDefinition[];
}

const VALIDATION_OPTIONS: Joi.ValidationOptions = {
  abortEarly: false,
  convert: true,
  errors: { wrap: { label: false } },
};

/**
 * A schema's validation as a function, made once per schema:
 * - VALIDATION_OPTIONS become the schema's own preferences: `validate(value, options)` merges the options into joi's
 *   defaults on every call (a tenth of a small request's validation, issue 31), while a schema's own preferences are
 *   merged and kept by joi once. A schema with preferences of its own keeps them over these (it is then given the
 *   options per call, as before).
 * - An empty object (a list asked for without any filter, the most frequent query there is) is validated once: when
 *   the schema takes it as it is (no error, no default filled in), later empty ones are taken without a walk over
 *   the schema's keys. Nothing in a route's schema depends on anything but the value (no context, no external rule).
 */
const validators = new WeakMap<Joi.Schema, (value: unknown) => Pick<Joi.ValidationResult, 'value' | 'error'>>();
function validatorOf(schema: Joi.Schema): (value: unknown) => Pick<Joi.ValidationResult, 'value' | 'error'> {
  let validator = validators.get(schema);
  if (!validator) {
    const own = schema.describe().preferences !== undefined;
    const preferred = own ? schema : schema.prefs(VALIDATION_OPTIONS);
    const run = own
      ? (value: unknown) => schema.validate(value, VALIDATION_OPTIONS)
      : (value: unknown) => preferred.validate(value);
    let takesEmpty: boolean | undefined;
    validator = (value) => {
      if (!isEmptyObject(value)) return run(value);
      if (takesEmpty === undefined) {
        const { value: validated, error } = run({});
        takesEmpty = !error && isEmptyObject(validated);
      }
      return takesEmpty ? { value: {}, error: undefined } : run(value);
    };
    validators.set(schema, validator);
  }
  return validator;
}

/** An object (not an array) without any key. */
function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const _ in value) return false;
  return true;
}

export function validate(
  schemas: RouteSchemas | undefined,
  req: Pick<Request, 'params' | 'query' | 'body'>,
): RouteInput {
  const details: { path: string; message: string; type: string }[] = [];
  const out: RouteInput = { params: req.params, query: req.query, body: req.body };
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas?.[part];
    if (!schema) continue;
    const source = part === 'body' ? (req.body ?? {}) : req[part];
    const { value, error } = validatorOf(schema)(source);
    if (error) {
      for (const d of error.details)
        details.push({
          path: [...(part === 'body' ? [] : [part]), ...d.path].join('.'),
          message: d.message,
          type: d.type,
        });
    } else out[part] = value;
  }
  if (details.length) throw new ValidationError(details);
  return out;
}

export function authorize(access: Access, req: Request, whilePasswordChangeRequired = false): void {
  if (access === 'public') return;
  if (!req.auth) throw new AppError('AUTH.UNAUTHENTICATED', 'Sign in to continue');
  if (req.auth.user.mustChangePassword && !whilePasswordChangeRequired) {
    throw new PasswordChangeRequiredError();
  }
  if (access !== 'signed-in' && !access.includes(req.auth.user.role)) {
    throw new AppError('AUTH.FORBIDDEN', 'Your role does not allow this');
  }
}

/** Paths the dispatcher keeps with the route they matched (a path with an id in it is one path per record). */
const MATCHED_PATHS = 10_000;
/** URLs each route keeps as accepted (inputOf). */
const ACCEPTED_URLS = 500;

/** A route as the dispatcher tries it: its pattern (Express's for a plain path), its parameters' names. */
interface Matcher {
  pattern: RegExp;
  keys: string[];
  handle: RequestHandler;
}

/** A path of plain segments and `:name` parameters: what `matcherOf` reads as Express does. */
const PLAIN_PATH = /^(?:\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*|:\w+))+$/;

/**
 * The pattern Express (path-to-regexp) makes of a plain path with the router's defaults: a parameter is one segment
 * or more characters other than `/`, case ignored, one trailing slash allowed.
 */
function matcherOf(path: string, handle: RequestHandler): Matcher {
  const keys = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const source = path.replace(/\./g, '\\.').replace(/:\w+/g, '([^/]+)');
  return { pattern: new RegExp(`^${source}\\/?$`, 'i'), keys, handle };
}

/** A matched route's parameters, decoded as Express decodes them (a malformed escape is a URIError: a 400). */
function paramsOf(keys: string[], found: RegExpExecArray): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++) params[keys[i]] = decodeURIComponent(found[i + 1]);
  return params;
}

/**
 * The routers' routes, tried in the routers' order; a storage error a route throws is read in domain terms.
 *
 * Found without Express trying each route's layer in turn (issue 31: a route declared late, like the board's summary,
 * went through a hundred layers and their bookkeeping on every request):
 * - a route without parameters by one Map lookup on method and path, when no route declared before it could match
 *   the same path (Express's order decides);
 * - any other by the method's routes in their order, each pattern as Express makes it (case ignored, one trailing
 *   slash allowed), the first that matches, and the path is then remembered with that route (at most MATCHED_PATHS
 *   of them), so the same path later costs one Map lookup;
 * - what neither finds (HEAD, OPTIONS, a path that matches no route) by Express's router, which holds every route too.
 * A path other than plain segments and `:name` parameters ends both lists: its route and those after it are left to
 * Express, which alone reads such a path.
 */
export function mountRoutes(routers: HttpRouter[], storageErrors: StorageErrors): Router {
  const router = express.Router();
  const definitions = routers.flatMap((r) => r.routes());
  const exact = new Map<string, RequestHandler>();
  const byMethod = new Map<string, Matcher[]>();
  const patterns: RegExp[] = [];
  let plain = true;
  for (const def of definitions) {
    const handle = routeHandler(def);
    router[def.method](def.path, handle);
    plain &&= PLAIN_PATH.test(def.path);
    if (!plain) continue;
    const method = def.method.toUpperCase();
    const matcher = matcherOf(def.path, handle);
    if (!byMethod.has(method)) byMethod.set(method, []);
    byMethod.get(method)!.push(matcher);
    if (matcher.keys.length) patterns.push(matcher.pattern);
    else if (!patterns.some((pattern) => pattern.test(def.path))) {
      const key = `${method} ${def.path}`;
      if (!exact.has(key)) exact.set(key, handle);
    }
  }
  // Paths asked for before and the route they matched, with their parameters as matched (undecoded).
  const matched = new BoundedMap<string, { matcher: Matcher; found: RegExpExecArray }>(MATCHED_PATHS);
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path;
    const key = `${req.method} ${path}`;
    const handle = exact.get(key);
    if (handle) return handle(req, res, next);
    let hit = matched.get(key);
    if (!hit) {
      for (const matcher of byMethod.get(req.method) ?? []) {
        const found = matcher.pattern.exec(path);
        if (found) {
          hit = { matcher, found };
          break;
        }
      }
      if (!hit) return next();
      matched.set(key, hit);
    }
    req.params = paramsOf(hit.matcher.keys, hit.found);
    return hit.matcher.handle(req, res, next);
  };
  const top = express.Router();
  top.use(dispatch, router);
  top.use(((error, _req, _res, next) =>
    next(isPathDecodeError(error) ? pathDecodeError() : storageErrors.translate(error))) satisfies ErrorRequestHandler);
  return top;
}

function routeHandler(def: RouteDefinition): RequestHandler {
  const accepted = new BoundedMap<string, { params: unknown; query: unknown }>(ACCEPTED_URLS);
  return async (req, res) => {
    // The metrics' route label (requestMetrics): the template, whatever the URL.
    res.locals.routeTemplate = def.path;
    authorize(def.access, req, def.whilePasswordChangeRequired);
    const input = inputOf(def, req, accepted);
    const result = await def.handler(input, req, res);
    if (res.headersSent) return;
    if (result === undefined) {
      res.status(def.status ?? 204).end();
      return;
    }
    sendJson(res, def.status ?? 200, result);
  };
}

/**
 * A request's checked input. A URL's params and query are all there is to check of a request without a body to a
 * route that reads none, and the same URL checks the same way every time (the schemas depend on nothing else: no
 * context, no external rule): a URL this route accepted before, when what it gave was only strings, numbers and
 * booleans, is taken again without decoding, walking and validating it (issue 31: the board's summary, the session's
 * user, a list's first page are the same URL for everybody, request after request). Each request gets copies of its
 * own. A URL refused is checked again each time, so its 400 names the fields as before; at most ACCEPTED_URLS per
 * route are kept.
 */
function inputOf(
  def: RouteDefinition,
  req: Request,
  accepted: BoundedMap<string, { params: unknown; query: unknown }>,
): RouteInput {
  // A route that reads a body is checked whole every time (an empty one may get its schema's defaults).
  const bodiless = req.body === undefined && def.schemas?.body === undefined;
  const known = bodiless ? accepted.get(req.originalUrl) : undefined;
  if (known) return { params: { ...(known.params as object) }, query: { ...(known.query as object) }, body: undefined };
  checkQueryEncoding(req.originalUrl);
  checkRequestInput(req);
  const input = validate(def.schemas, req);
  if (bodiless && isFlat(input.params) && isFlat(input.query))
    accepted.set(req.originalUrl, { params: { ...(input.params as object) }, query: { ...(input.query as object) } });
  return input;
}

/** An object whose values are all strings, numbers, booleans or undefined (nothing a handler could change inside). */
function isFlat(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return false;
  }
  return true;
}

/**
 * What `res.json` sends here (no replacer, no indentation, no ETag: the app has none of those settings), written
 * directly: headers and body leave in one write, and Node sets Content-Length.
 */
function sendJson(res: Response, status: number, value: unknown): void {
  res.statusCode = status;
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(value));
}

/** The signed-in user of a route whose access is not 'public'. */
export function currentAuth(req: Request): AuthContext {
  if (!req.auth) throw new AppError('AUTH.UNAUTHENTICATED', 'Sign in to continue');
  return req.auth;
}

/** A signed-in person's session (routes no API key reaches: the account's password, its sessions, its keys). */
export function currentSession(req: Request): Required<AuthContext> {
  const { user, session } = currentAuth(req);
  if (!session) throw new AppError('AUTH.SCOPE', 'Sign in to do this: an API key cannot');
  return { user, session };
}
