import { createHash, timingSafeEqual } from 'node:crypto';
import { inject, injectable, optional } from 'inversify';
import Joi from 'joi';
import { AppError } from '../../domain/shared/app-error';
import { CONFIG } from '../../domain/shared/shared.tokens';
import type { Config } from '../../infrastructure/config';
import { METRICS_EXPOSITION } from './metrics.tokens';
import { bearerOf } from '../api-key-auth';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';

/** A scrape's text and its content type (the process's PrometheusMetrics, bound in src/main when metrics are on). */
export interface MetricsExposition {
  readonly contentType: string;
  text(): Promise<string>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` on the app's own port: off (404) unless METRICS_TOKEN is set, then only with
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). METRICS_PORT serves it without a token on a listener
 * of its own (infrastructure/metrics/metrics-listener.ts). Left out of the OpenAPI document: it is Prometheus's
 * text format for a scraper configured by hand, not part of the JSON API that clients and the UI are generated from,
 * and whether it exists depends on the configuration.
 */
@injectable()
export class MetricsRouter implements HttpRouter {
  private readonly token?: Buffer;

  constructor(
    @inject(CONFIG) config: Config,
    @inject(METRICS_EXPOSITION) @optional() private readonly metrics?: MetricsExposition,
  ) {
    this.token = config.metricsToken ? digest(config.metricsToken) : undefined;
  }

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/metrics',
        access: 'public',
        tag: 'system',
        summary: 'Prometheus metrics (text format) with METRICS_TOKEN as a bearer token; 404 when it is not set',
        documented: false,
        response: Joi.string(),
        handler: async (_input, req, res) => {
          const { token, metrics } = this;
          if (!token || !metrics) throw new AppError('ROUTE.NOT_FOUND', `No route for ${req.method} ${req.path}`);
          const given = bearerOf(req);
          // Digests of equal length, compared in constant time: the answer's timing says nothing of the token.
          if (given === undefined || !timingSafeEqual(digest(given), token)) {
            res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
            throw new AppError('AUTH.UNAUTHENTICATED', 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>');
          }
          const text = await metrics.text();
          res.setHeader('Cache-Control', 'no-store');
          res.type(metrics.contentType).send(text);
        },
      }),
    ];
  }
}
