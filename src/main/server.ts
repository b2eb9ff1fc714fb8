import type { ApiKeysService } from '../domain/api-keys/api-keys.service';
import { API_KEYS_SERVICE } from '../domain/api-keys/api-keys.tokens';
import type { RateLimiter } from '../domain/users/users.ports';
import type { FormsService } from '../domain/forms/forms.service';
import { FORMS_SERVICE } from '../domain/forms/forms.tokens';
import { RATE_LIMITER } from '../domain/users/users.tokens';
import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../infrastructure/config';
import { createRuntime, type Runtime } from './container';
import { postgresErrors } from '../infrastructure/db/db-errors';
import { migrateLatest } from '../infrastructure/db/migrator';
import { withDefaults } from '../infrastructure/limits';
import { createLogger } from '../infrastructure/logger';
import { startMetricsListener, type MetricsListener } from '../infrastructure/metrics/metrics-listener';
import { takeBackupRequests } from '../infrastructure/operations/running-app-backup';
import { version as appVersion } from '../../package.json';
import type { Clock } from '../domain/shared/clock';
import { HTTP_ROUTER, JOB_PROCESSOR } from '../domain/shared/shared.tokens';
import type { JobProcessor } from '../domain/shared/job-queue.port';
import { seedDemoUsers } from '../domain/users/demo-users';
import type { PasswordHasher, UserRepository } from '../domain/users/users.ports';
import type { AuthService } from '../domain/users/auth.service';
import { AUTH_SERVICE, PASSWORD_HASHER, USER_REPOSITORY } from '../domain/users/users.tokens';
import { exitOnSignals } from '../infrastructure/shutdown';
import { createApp } from '../http/app';
import { answerClientError } from '../http/client-error';
import { ResponseTimes } from '../http/metrics/response-times';
import type { HttpRouter } from '../http/route';

export interface StartedServer {
  server: Server;
  runtime: Runtime;
  url: string;
  /** The METRICS_PORT listener's address (its GET /metrics), when METRICS_PORT is set. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  uiDir?: string;
  embeddedDataDir?: string;
  /** Run the job workers in this process (the embedded default always does). */
  runWorkers?: boolean;
  /** A controllable clock (tests). */
  clock?: Clock;
}

/** Opens the runtime, migrates, seeds demo users when asked, and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<StartedServer> {
  const logger = createLogger(config.logLevel);
  const runtime = await createRuntime(config, logger, {
    embeddedDataDir: options.embeddedDataDir,
    clock: options.clock,
  });
  try {
    // On the background pool: a migration's statements are not cut at the API's statement timeout.
    const applied = await migrateLatest(runtime.db.background, (migration, counts) =>
      logger.info({ migration, ...counts }, 'migration moved data'),
    );
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    if (config.demo) {
      const created = await seedDemoUsers(
        runtime.container.get<UserRepository>(USER_REPOSITORY),
        runtime.container.get<PasswordHasher>(PASSWORD_HASHER),
      );
      if (created) logger.info({ created }, 'demo users created');
      if (config.nodeEnv === 'production')
        logger.warn('DEMO is on in production: demo accounts with published passwords exist');
    }
    if (runtime.redis) await waitForRedis(runtime);
    if (options.runWorkers ?? !config.redisUrl)
      await runtime.workerHost.start(runtime.container.getAll<JobProcessor>(JOB_PROCESSOR));
  } catch (error) {
    await runtime.close();
    throw error;
  }

  const app = createApp(
    {
      config,
      limits: withDefaults(config.limits),
      logger,
      routers: runtime.container.getAll<HttpRouter>(HTTP_ROUTER),
      auth: runtime.container.get<AuthService>(AUTH_SERVICE),
      apiKeys: runtime.container.get<ApiKeysService>(API_KEYS_SERVICE),
      rateLimiter: runtime.container.get<RateLimiter>(RATE_LIMITER),
      forms: runtime.container.get<FormsService>(FORMS_SERVICE),
      responseTimes: runtime.container.get(ResponseTimes),
      storageErrors: postgresErrors,
      metrics: runtime.metrics,
    },
    { uiDir: options.uiDir },
  );
  const server = createServer();
  let closing = false;
  // While stopping, every answer closes its connection: a keep-alive connection that finishes its request
  // after the stop began would otherwise stay open until keepAliveTimeout, past the shutdown grace period.
  server.on('request', (_req, res) => {
    if (closing) res.setHeader('connection', 'close');
  });
  server.on('request', app);
  server.on('clientError', answerClientError);
  // Longer than the idle timeout of the proxies in front (60 s for most load balancers and nginx set-ups), so
  // it is the client that closes an idle connection: a server closing it as the client reuses it resets that
  // request (seen as ECONNRESET in a test). Shutdown closes idle connections at once, so stops do not wait on it.
  server.keepAliveTimeout = 65_000;
  let metricsListener: MetricsListener | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    if (runtime.metrics && config.metricsPort !== undefined)
      metricsListener = await startMetricsListener(
        runtime.metrics,
        { host: config.metricsHost ?? '127.0.0.1', port: config.metricsPort },
        logger,
      );
  } catch (error) {
    server.close();
    await runtime.close();
    throw error;
  }
  // The embedded database on disk is this process's alone: a backup asked for by the command line is taken here.
  const pgdata = options.embeddedDataDir ?? path.join(config.dataDir, 'pgdata');
  const stopBackups =
    runtime.db.embedded && !pgdata.startsWith('memory://')
      ? takeBackupRequests(runtime.db, pgdata, { appVersion, logger })
      : undefined;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  logger.info(
    {
      url,
      node: process.version,
      embeddedDatabase: runtime.db.embedded,
      redis: Boolean(config.redisUrl),
      demo: config.demo,
    },
    'funil listening',
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting, let in-flight requests finish, then close queue, Redis and database.
      closing = true;
      await new Promise<void>((resolve) => {
        // Connections busy now are closed as soon as they go idle (those already reused close with their answer).
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(idle);
          resolve();
        });
        server.closeIdleConnections();
      });
      await metricsListener?.close();
      stopBackups?.();
      await runtime.close();
      logger.info('funil stopped');
    })());
  return { server, runtime, url, metricsUrl: metricsListener?.url, stop };
}

async function waitForRedis(runtime: Runtime): Promise<void> {
  const redis = runtime.redis!;
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      runtime.logger.warn('Redis is not reachable yet; calls that need it answer 503 until it is');
      resolve();
    }, 5_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const started = await startServer(config, { uiDir: path.resolve(here, '../ui') });
  exitOnSignals(started.stop, started.runtime.logger);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
