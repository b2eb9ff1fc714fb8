import 'reflect-metadata';
import path from 'node:path';
import { Container, ContainerModule } from 'inversify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../domain/shared/clock';
import type { JobQueue } from '../domain/shared/job-queue.port';
import {
  CLOCK,
  CONFIG,
  DATABASE,
  HEALTH_CHECK,
  JOB_QUEUE,
  LOGGER,
  OPERATIONS_METRICS,
  READ_CACHE,
  UNIT_OF_WORK,
} from '../domain/shared/shared.tokens';
import { ResponseTimes } from '../http/metrics/response-times';
import type { Config } from '../infrastructure/config';
import { MemoryReadCache } from '../infrastructure/cache/memory-read-cache';
import { RedisWriteFanout } from '../infrastructure/cache/redis-write-fanout';
import { openDatabase, type Database } from '../infrastructure/db/database';
import { DatabaseHealthCheck } from '../infrastructure/db/database.health';
import { KnexUnitOfWork } from '../infrastructure/db/knex-unit-of-work';
import { WRITE_WATCH, WriteWatch } from '../infrastructure/db/write-watch';
import { METRICS_EXPOSITION } from '../http/metrics/metrics.tokens';
import { PrometheusMetrics } from '../infrastructure/metrics/prometheus-metrics';
import { withDefaults } from '../infrastructure/limits';
import { BullMqJobQueue, BullMqWorkerHost } from '../infrastructure/queue/bullmq-job-queue';
import { InProcessJobQueue } from '../infrastructure/queue/in-process-job-queue';
import { DEFAULT_BULLMQ_PREFIX, withLock } from '../infrastructure/queue/queue-settings';
import { createRedis } from '../infrastructure/queue/redis';
import { RedisHealthCheck } from '../infrastructure/queue/redis.health';
import { QueueHealthCheck } from '../infrastructure/queue/queue.health';
import type { WorkerHost } from '../infrastructure/queue/worker-host';
import { usersModule } from './modules/users.bindings';
import { dashboardModule } from './modules/dashboard.bindings';
import { activitiesModule } from './modules/activities.bindings';
import { notesModule } from './modules/notes.bindings';
import { contactImportsModule } from './modules/contact-imports.bindings';
import { contactsModule } from './modules/contacts.bindings';
import { companiesModule } from './modules/companies.bindings';
import { mergeModule } from './modules/merge.bindings';
import { dealsModule } from './modules/deals.bindings';
import { notificationsModule } from './modules/notifications.bindings';
import { reportsModule } from './modules/reports.bindings';
import { reportBuilderModule } from './modules/report-builder.bindings';
import { templatesModule } from './modules/templates.bindings';
import { timelineModule } from './modules/timeline.bindings';
import { searchModule } from './modules/search.bindings';
import { goalsModule } from './modules/goals.bindings';
import { homeModule } from './modules/home.bindings';
import { customFieldsModule } from './modules/custom-fields.bindings';
import { viewsModule } from './modules/views.bindings';
import { apiKeysModule } from './modules/api-keys.bindings';
import { webhooksModule } from './modules/webhooks.bindings';
import { formsModule } from './modules/forms.bindings';
import { privacyModule } from './modules/privacy.bindings';
import { httpRoutersModule } from './http-routers';

export interface Runtime {
  container: Container;
  config: Config;
  logger: Logger;
  db: Database;
  redis?: Redis;
  queue: JobQueue;
  workerHost: WorkerHost;
  /** This process's Prometheus metrics, when METRICS_TOKEN or METRICS_PORT asks for them. */
  metrics?: PrometheusMetrics;
  /** Closes the worker, the queue, Redis and the database, in that order. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  /** Overrides the embedded database location (tests use memory://). */
  embeddedDataDir?: string;
}

/** The composition root: opened once per process, never per request. */
export async function createRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const limits = withDefaults(config.limits);
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: options.embeddedDataDir ?? path.join(config.dataDir, 'pgdata'),
    statementTimeoutMs: limits.statementTimeoutMs,
    backgroundStatementTimeoutMs: limits.backgroundStatementTimeoutMs,
    acquireTimeoutMs: limits.acquireTimeoutMs,
    poolMax: limits.poolMax,
  });
  // Only when asked for: the default metrics keep an event-loop monitor running, which nobody would read.
  const metrics =
    config.metricsToken !== undefined || config.metricsPort !== undefined ? new PrometheusMetrics() : undefined;
  metrics?.watchDatabase(db.background === db.knex ? { api: db.knex } : { api: db.knex, background: db.background });
  let redis: Redis | undefined;
  let queue: JobQueue;
  let workerHost: WorkerHost;
  let closeQueue = async () => {};
  if (config.redisUrl) {
    redis = createRedis(config.redisUrl, 'client');
    redis.on('error', (error) => logger.warn({ err: error }, 'redis error'));
    const bull = new BullMqJobQueue(
      redis,
      logger,
      config.queuePrefix ?? DEFAULT_BULLMQ_PREFIX,
      withLock(config.queueLockMs),
    );
    queue = bull;
    workerHost = new BullMqWorkerHost(config.redisUrl, bull, logger, metrics);
    metrics?.watchQueues(bull);
    closeQueue = () => bull.close();
  } else {
    const inProcess = new InProcessJobQueue(logger, undefined, metrics);
    metrics?.watchQueues(inProcess);
    queue = inProcess;
    workerHost = inProcess;
  }

  // Cached reads are forgotten whenever this process, or (through Redis) another one, changes data.
  const writes = new WriteWatch();
  writes.attach(db.knex);
  if (db.background !== db.knex) writes.attach(db.background);
  const readCache = new MemoryReadCache(limits.readCacheSeconds * 1_000);
  writes.onChange(() => readCache.invalidate());
  let fanout: RedisWriteFanout | undefined;
  if (redis && config.redisUrl) {
    fanout = new RedisWriteFanout(
      redis,
      createRedis(config.redisUrl, 'worker'),
      `${config.queuePrefix ?? DEFAULT_BULLMQ_PREFIX}:writes`,
      writes,
      logger,
    );
    fanout.start();
  }

  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    new ContainerModule(({ bind }) => {
      bind(CONFIG).toConstantValue(config);
      bind(LOGGER).toConstantValue(logger);
      bind(CLOCK).toConstantValue(options.clock ?? systemClock);
      bind(DATABASE).toConstantValue(db);
      // The one door to the database: every repository queries through it.
      bind(WRITE_WATCH).toConstantValue(writes);
      bind(UNIT_OF_WORK).to(KnexUnitOfWork);
      bind(READ_CACHE).toConstantValue(readCache);
      bind(JOB_QUEUE).toConstantValue(queue);
      bind(HEALTH_CHECK).toConstantValue(new DatabaseHealthCheck(db));
      if (redis) bind(HEALTH_CHECK).toConstantValue(new RedisHealthCheck(redis));
      if (queue instanceof BullMqJobQueue) bind(HEALTH_CHECK).toConstantValue(new QueueHealthCheck(queue));
      bind(ResponseTimes).toConstantValue(new ResponseTimes());
      if (metrics) {
        bind(METRICS_EXPOSITION).toConstantValue(metrics);
        bind(OPERATIONS_METRICS).toConstantValue(metrics);
      }
    }),
    dashboardModule,
    usersModule(redis, config.queuePrefix ?? DEFAULT_BULLMQ_PREFIX, config.signInPaceMs),
    timelineModule,
    contactImportsModule,
    contactsModule,
    companiesModule,
    mergeModule,
    dealsModule,
    activitiesModule,
    notesModule,
    reportsModule,
    reportBuilderModule,
    notificationsModule(config),
    templatesModule,
    searchModule,
    goalsModule,
    homeModule,
    customFieldsModule,
    viewsModule,
    apiKeysModule,
    webhooksModule(config),
    formsModule(config),
    privacyModule,
    httpRoutersModule,
  );

  let closed = false;
  return {
    container,
    config,
    logger,
    db,
    redis,
    queue,
    workerHost,
    metrics,
    async close() {
      if (closed) return;
      closed = true;
      await workerHost.close().catch((error) => logger.error({ err: error }, 'closing workers failed'));
      await closeQueue().catch((error) => logger.error({ err: error }, 'closing queues failed'));
      fanout?.close();
      if (redis) await redis.quit().catch(() => redis!.disconnect());
      await db.close();
    },
  };
}
