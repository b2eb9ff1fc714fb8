import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { PrometheusMetrics } from './prometheus-metrics';

export interface MetricsListener {
  /** Where it listens, e.g. `http://127.0.0.1:9464`. */
  url: string;
  close(): Promise<void>;
}

const json = (status: number, code: string, message: string) => ({
  status,
  body: JSON.stringify({ error: { code, message } }),
});

/**
 * METRICS_PORT: `GET /metrics` on a listener of its own, bound to an internal interface (METRICS_HOST), with no
 * token: whoever reaches that interface may read it. The worker's only listener; the app's besides its own.
 */
export async function startMetricsListener(
  metrics: PrometheusMetrics,
  { host, port }: { host: string; port: number },
  logger: Logger,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const answer = json(404, 'ROUTE.NOT_FOUND', 'Only GET /metrics is served here');
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(answer.body);
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'collecting metrics failed');
        const failed = json(500, 'INTERNAL', 'Collecting the metrics failed; see the log');
        res.writeHead(failed.status, { 'content-type': 'application/json; charset=utf-8' }).end(failed.body);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  logger.info({ url: `${url}/metrics` }, 'metrics listening');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
