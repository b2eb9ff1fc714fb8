import createClient from 'openapi-fetch';
import type { components, paths } from './api/schema';

/** The server's error shape: `{ error: { code, message, details? } }`. */
export type ServerError = components['schemas']['Error']['error'];

/**
 * A non-success response. `message` is `status: body text` (or the status text when the body is
 * empty); `server` holds the parsed error shape when the body was one, for translated messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly server: ServerError | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.server = parseServerError(body);
  }
}

function parseServerError(body: string): ServerError | null {
  try {
    const error = (JSON.parse(body) as { error?: Partial<ServerError> })?.error;
    if (error && typeof error.code === 'string' && typeof error.message === 'string') return error as ServerError;
  } catch {
    // Not JSON (a proxy page, an empty body): the raw text stays in `message`.
  }
  return null;
}

/**
 * The one API client, typed by the server's OpenAPI document (paths, parameters, bodies, answers):
 * cookies included, a JSON body and its content type only when there is a body, and every
 * non-success answer thrown as an ApiError.
 */
export const api = createClient<paths>({ credentials: 'include' });
api.use({
  async onResponse({ response }) {
    if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  },
});

/** The success body of a call: `data(api.GET('/api/user'))`. Failures have thrown already. */
export const data = async <T>(call: Promise<{ data?: T }>): Promise<T> => (await call).data as T;

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];

/** The JSON success body of an operation, e.g. `ApiResponse<'/api/user', 'get'>`. */
export type ApiResponse<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: infer S }
      ? Json<S>
      : R extends { 201: infer S }
        ? Json<S>
        : never
    : never;

/** The query parameters of an operation, e.g. `ApiQuery<'/api/crm/contacts', 'get'>`. */
export type ApiQuery<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The JSON request body of an operation, e.g. `ApiBody<'/api/login', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
