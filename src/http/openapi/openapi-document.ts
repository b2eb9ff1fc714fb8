import { KEY_PATHS } from '../api-key-auth';
import Joi from 'joi';
import type { ErrorCode } from '../../domain/shared/app-error';
import { ERROR_STATUS } from '../errors';
import { CSV, HTML, NO_CONTENT } from '../response.schemas';
import type { RouteDefinition } from '../route';
import { joiToJsonSchema, type JsonSchema } from './joi-to-json-schema';
export interface DocumentInfo {
  title: string;
  version: string;
  sessionCookie: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Invalid request',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Unavailable',
};

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/** Express `/a/:id` -> OpenAPI `/a/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every error code a route can answer with: its own, plus those of validation, sign-in, roles, CSRF. */
function errorCodes(route: RouteDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  // Every route: the input guard (NUL, bad encodings in path and query) runs before any schema.
  codes.add('REQUEST.VALIDATION_FAILED');
  if (route.access !== 'public') codes.add('AUTH.UNAUTHENTICATED');
  if (route.access !== 'public' && route.access !== 'signed-in') codes.add('AUTH.FORBIDDEN');
  if (route.method === 'patch' || route.method === 'delete') codes.add('AUTH.FORBIDDEN');
  if (UNSAFE.has(route.method))
    for (const c of [
      'REQUEST.CROSS_SITE',
      'REQUEST.MALFORMED_JSON',
      'REQUEST.TOO_LARGE',
      'REQUEST.UNSUPPORTED_MEDIA_TYPE',
    ] as const)
      codes.add(c);
  codes.add('INTERNAL');
  return [...codes];
}

function parameters(route: RouteDefinition): JsonSchema[] {
  const params: JsonSchema[] = [];
  const pathNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const pathSchema = route.schemas?.params ? joiToJsonSchema(route.schemas.params) : { properties: {} };
  const pathProps = (pathSchema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames)
    params.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } });
  if (route.schemas?.query) {
    const query = joiToJsonSchema(route.schemas.query);
    const required = (query.required as string[] | undefined) ?? [];
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      params.push({
        name,
        in: 'query',
        required: required.includes(name),
        schema,
        ...(typeof schema.description === 'string' && { description: schema.description }),
      });
    }
  }
  return params;
}

/** The success response: the route's schema (or a CSV file, an HTML page), no body for NO_CONTENT. */
function successResponse(route: RouteDefinition): Record<string, JsonSchema> {
  // As mountRoutes answers: a handler that returns nothing gets 204 unless the route names a status.
  const success = route.status ?? (route.response === NO_CONTENT ? 204 : 200);
  const content =
    route.response === CSV || route.response === HTML
      ? { [route.response]: { schema: { type: 'string' } } }
      : route.response && { 'application/json': { schema: joiToJsonSchema(route.response) } };
  return { [success]: { description: STATUS_TEXT[success] ?? 'Success', ...(content && { content }) } };
}

function responses(route: RouteDefinition): Record<string, JsonSchema> {
  const out = successResponse(route);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(route))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[status] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: codes } } } } },
            ],
          },
        },
      },
    };
  }
  return out;
}

/** An upload's body: the CSV as `file` and the text fields beside it (an object or a list as JSON text). */
function uploadBody(fields: Joi.ObjectSchema): JsonSchema {
  const schema = joiToJsonSchema(fields);
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => [
      name,
      property.type === 'object' || property.type === 'array'
        ? { type: 'string', contentMediaType: 'application/json', description: `${name} as JSON text` }
        : property,
    ]),
  );
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file', ...((schema.required as string[] | undefined) ?? [])],
          properties: {
            file: { type: 'string', contentMediaType: 'text/csv', description: 'The CSV file (UTF-8 or Windows-1252)' },
            ...properties,
          },
        },
      },
    },
  };
}

/** What each tag of the document holds (a tag missing here is described by its name). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Health, readiness, the build the server runs and this document',
  auth: 'Sign in, register and sign out (the session cookie)',
  dashboard: 'The dashboard figures',
  profile: "The signed-in person's account, password and sessions",
  'api-keys': 'API keys for integrations and scripts (Authorization: Bearer)',
  admin: 'Users, roles and the security log (admins)',
  webhooks:
    'Endpoints told of changes (signed POSTs: Funil-Signature v1=HMAC-SHA256 of "timestamp.body"), their delivery log (admins)',
  privacy:
    "LGPD: a contact's consents and legal basis (append-only), data subjects' requests, their export and anonymization, and the record of operations",
  forms:
    'Web-to-lead forms (admins): a site sends them to /f/<slug> (JSON or form-encoded), or embeds /f/<slug>/embed.js',
  timeline: 'The history of changes of a contact, a deal or a company',
  contacts: 'Contacts, their import from CSV and their export',
  duplicates: 'Possible duplicates of contacts and companies, and their merge',
  companies: 'Companies (CNPJ, address, segment), their import and export',
  deals: 'Deals, their people and their moves between stages',
  pipeline: 'Pipelines, their stages and totals, and why deals are lost',
  'custom-fields': 'The fields an admin adds to contacts, companies and deals',
  views: 'Saved views of the lists: filters, order, layout and columns',
  activities: 'Tasks, calls, meetings, e-mails and notes to do',
  notes: 'Notes and logged calls on a contact, deal or company',
  reports: 'Reports, the reports people build and save, and their exports',
  notifications: "The signed-in person's notifications and their settings",
  templates: 'Message templates for e-mail and WhatsApp',
  search: 'Search across contacts, deals, activities and templates',
  goals: 'Sales goals per person and month',
  home: "The salesperson's home: agenda, deals with no next step, pipeline, goal",
};

/** The OpenAPI 3.1 document of every route of the app, from the joi schemas that validate requests. */
export function buildOpenApiDocument(routes: RouteDefinition[], info: DocumentInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    if (route.documented === false) continue;
    const path = openApiPath(route.path);
    const operation: JsonSchema = {
      operationId: `${route.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
      tags: [route.tag],
      summary: route.summary,
      description:
        route.access === 'public'
          ? 'Open to anybody.'
          : route.access === 'signed-in'
            ? 'Any signed-in user.'
            : `Roles: ${route.access.join(', ')}.`,
      // A route an API key reaches takes either (the key's scope decides whether it may write); a public one none.
      security:
        route.access === 'public'
          ? []
          : KEY_PATHS.test(route.path)
            ? [{ session: [] }, { apiKey: [] }]
            : [{ session: [] }],
      parameters: parameters(route),
      ...(route.schemas?.body && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: joiToJsonSchema(route.schemas.body) } },
        },
      }),
      ...(route.upload && { requestBody: uploadBody(route.upload) }),
      responses: responses(route),
    };
    (paths[path] ??= {})[route.method] = operation;
  }
  const codes = Object.keys(ERROR_STATUS);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: info.title, version: info.version, license: { name: 'MIT', identifier: 'MIT' } },
    // The API is served with the app, on this same origin.
    servers: [{ url: '/', description: 'This Funil server' }],
    tags: [...new Set(routes.filter((r) => r.documented !== false).map((r) => r.tag))].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name] ?? name,
    })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: info.sessionCookie },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (funil_…) made in the profile: read or read and write, acting as its owner. 100 requests in each 10 s per key (RateLimit-* headers; 429 with Retry-After beyond). No cookie, no CSRF check.',
        },
      },
      schemas: {
        Error: joiToJsonSchema(
          Joi.object({
            error: Joi.object({
              code: Joi.string()
                .valid(...codes)
                .required(),
              message: Joi.string().required(),
              details: Joi.alternatives(
                Joi.array().items(
                  Joi.object({ path: Joi.string().required(), message: Joi.string().required(), type: Joi.string() }),
                ),
                Joi.object().unknown(true),
              ).description('Failing fields (path, message), or for a conflict { current: the record as it is now }'),
            }).required(),
          }),
        ),
      },
    },
  };
}
