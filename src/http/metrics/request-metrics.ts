import type { RequestHandler } from 'express';
import type { LaneLoad } from '../concurrency-limit';

/** The route label of a request no route answered (files, the app's pages, a 404): one value, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** What the app tells the metrics about its requests (PrometheusMetrics). */
export interface RequestMetrics {
  requestDone(route: string, method: string, status: number, seconds: number): void;
  /** The concurrency limit's lanes (concurrencyLimit's `load`), read when scraped. */
  watchLanes(lanes: Record<string, () => LaneLoad>): void;
}

/**
 * Times every request, labelled with the template of the route that answered it (`/api/crm/contacts/:id`, set by
 * mountRoutes as `res.locals.routeTemplate`, or an Express route's own path), never the URL: a scan of random
 * paths adds no series.
 */
export function requestMetrics(metrics: RequestMetrics): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const template: unknown = res.locals.routeTemplate ?? (req.route ? req.baseUrl + req.route.path : undefined);
      metrics.requestDone(
        typeof template === 'string' ? template : UNMATCHED_ROUTE,
        req.method,
        res.statusCode,
        Number(process.hrtime.bigint() - start) / 1e9,
      );
    });
    next();
  };
}
