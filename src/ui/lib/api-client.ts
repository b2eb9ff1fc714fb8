/** The server's error shape: `{ error: { code, message, details? } }`. */
export interface ServerError {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * A non-success response. `message` is `status: body text` (or the status text when the body is
 * empty); `server` holds the parsed error shape when the body was one, for translated toasts.
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
    const parsed = JSON.parse(body) as { error?: Partial<ServerError> };
    const error = parsed?.error;
    if (error && typeof error.code === 'string' && typeof error.message === 'string') {
      return { code: error.code, message: error.message, details: error.details };
    }
  } catch {
    // Not JSON (a proxy page, an empty body): the raw text stays in `message`.
  }
  return null;
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, res.statusText, text);
  }
}

/** The one API client: cookies included, JSON body and content type only when a body exists. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfResNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

export const apiGet = <T>(url: string): Promise<T> => apiJson<T>('GET', url);
