// autocannon ships no types; the bench uses its promise API and these result fields.
declare module 'autocannon' {
  interface Histogram {
    total: number;
    p50: number;
    p99: number;
    average: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; returns the request to send (its headers changed, say). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}
