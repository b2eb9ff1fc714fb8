import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { QueueName, type JobName } from '../../domain/shared/job-queue.port';
import type { OperationsMetrics } from '../../domain/shared/operations-metrics.port';
import type { JobObserver, QueueStats } from '../queue/worker-host';

/** The requests of one lane of the per-user concurrency limit (the app's concurrencyLimit load), read when scraped. */
type LaneReader = () => { running: number; queued: number };

const QUEUE_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;
/** A scrape waits this long for the queues' counts (Redis), then answers without them. */
const QUEUE_COUNTS_TIMEOUT_MS = 2_000;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
  on(event: 'acquireFail', listener: (eventId: number, error: Error) => void): void;
}

/**
 * One process's metrics in Prometheus's text format (prom-client), on a registry of its own (never the global
 * one: tests run several servers in one process). Names start with `funil_`; prom-client's defaults add the
 * process and event-loop ones. Counters and histograms move as things happen; queue counts, pools and lanes are
 * read when scraped. Labels are bounded: route templates, never URLs.
 */
export class PrometheusMetrics implements OperationsMetrics, JobObserver {
  readonly registry = new Registry();
  private lanes: Record<string, LaneReader> = {};
  private readonly pools = new Map<string, TarnPool>();
  private queues?: QueueStats;

  private readonly httpDuration = new Histogram({
    name: 'funil_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status class, from the first byte in to the last out',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly acquireTimeouts = new Counter({
    name: 'funil_db_pool_acquire_timeouts_total',
    help: 'Queries that found no free database connection in time (answered 503 SERVICE.BUSY on the API)',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  private readonly statementTimeouts = new Counter({
    name: 'funil_db_statement_timeouts_total',
    help: 'Statements cancelled at their statement timeout (PostgreSQL 57014; answered 503 SERVICE.TIMEOUT on the API)',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'funil_job_duration_seconds',
    help: 'Job attempts by queue, job name and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [this.registry],
  });
  private readonly remindersSent = new Counter({
    name: 'funil_reminders_sent_total',
    help: 'Activity reminders delivered (their notification recorded)',
    registers: [this.registry],
  });
  private readonly reminderLateness = new Histogram({
    name: 'funil_reminder_lateness_seconds',
    help: 'How long after its time each reminder was delivered',
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [this.registry],
  });
  private readonly importRows = new Counter({
    name: 'funil_import_rows_total',
    help: 'Rows of contact imports done, batch by batch as each commits (rate() gives rows per second)',
    registers: [this.registry],
  });
  private readonly signInFailures = new Counter({
    name: 'funil_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong username or password, or a disabled account',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly signInThrottles = new Counter({
    name: 'funil_sign_in_throttled_total',
    help: 'Sign-in attempts refused unchecked (429): their account or address is past its failures',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Known label values start at 0, so rate() and increase() see the first one.
    for (const reason of ['invalid_credentials', 'disabled'] as const) this.signInFailures.inc({ reason }, 0);
    const lanes = () => Object.entries(this.lanes).map(([lane, read]) => ({ lane, load: read() }));
    new Gauge({
      name: 'funil_http_requests_in_flight',
      help: 'API requests running, per lane of the per-user concurrency limit (session or address; user)',
      labelNames: ['lane'] as const,
      registers: [this.registry],
      collect() {
        for (const { lane, load } of lanes()) this.set({ lane }, load.running);
      },
    });
    new Gauge({
      name: 'funil_http_requests_queued',
      help: 'API requests waiting their turn, per lane of the per-user concurrency limit',
      labelNames: ['lane'] as const,
      registers: [this.registry],
      collect() {
        for (const { lane, load } of lanes()) this.set({ lane }, load.queued);
      },
    });
    const pools = this.pools;
    const poolGauge = (name: string, help: string, read: (pool: TarnPool) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [this.registry],
        collect() {
          for (const [pool, tarn] of pools) this.set({ pool }, read(tarn));
        },
      });
    poolGauge('funil_db_pool_connections_used', 'Database connections in use (api: requests; background: jobs)', (p) =>
      p.numUsed(),
    );
    poolGauge('funil_db_pool_connections_max', 'Database connections the pool may open', (p) => p.max);
    poolGauge('funil_db_pool_acquire_waiting', 'Queries waiting for a free database connection', (p) =>
      p.numPendingAcquires(),
    );
    const queues = () => this.queues;
    new Gauge({
      name: 'funil_queue_jobs',
      help: "Each queue's jobs by state (waiting, active, failed, delayed), read from the queue when scraped",
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const stats = queues();
        if (!stats) return;
        this.reset();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const counts = await Promise.race([
          stats.jobCounts().catch(() => undefined),
          new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), QUEUE_COUNTS_TIMEOUT_MS))),
        ]);
        clearTimeout(timer);
        // Redis unreachable: no sample rather than a wrong zero (the dashboard shows a gap, /readyz says why).
        if (!counts) return;
        for (const queue of Object.values(QueueName))
          for (const state of QUEUE_STATES) this.set({ queue, state }, counts[queue][state]);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text of a scrape. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  requestDone(route: string, method: string, status: number, seconds: number): void {
    this.httpDuration.observe(
      {
        route,
        method: METHODS.has(method) ? method : 'OTHER',
        status_class: `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx`,
      },
      seconds,
    );
  }

  /** The concurrency limit's lanes, read at each scrape. */
  watchLanes(lanes: Record<string, LaneReader>): void {
    this.lanes = lanes;
  }

  /** A knex pool by name: its connections read at each scrape, its acquire and statement timeouts counted. */
  watchDatabase(pools: Record<string, Knex>): void {
    for (const [pool, knex] of Object.entries(pools)) {
      this.acquireTimeouts.inc({ pool }, 0);
      this.statementTimeouts.inc({ pool }, 0);
      const tarn = (knex.client as { pool?: TarnPool }).pool;
      if (tarn) {
        this.pools.set(pool, tarn);
        tarn.on('acquireFail', (_id, error) => {
          if (error?.name === 'TimeoutError') this.acquireTimeouts.inc({ pool });
        });
      }
      // Every query of the pool, transactions' too (knex forwards their events to the instance).
      knex.on('query-error', (error: { code?: string; nativeError?: { code?: string } }) => {
        if ((error?.nativeError ?? error)?.code === '57014') this.statementTimeouts.inc({ pool });
      });
    }
  }

  /** Each queue's job counts, read at each scrape. */
  watchQueues(stats: QueueStats): void {
    this.queues = stats;
  }

  jobRan(queue: QueueName, job: JobName, seconds: number, outcome: 'completed' | 'failed'): void {
    this.jobDuration.observe({ queue, job, outcome }, seconds);
  }

  signInFailed(reason: 'invalid_credentials' | 'disabled'): void {
    this.signInFailures.inc({ reason });
  }

  signInThrottled(): void {
    this.signInThrottles.inc();
  }

  remindersDelivered(latenessMs: readonly number[]): void {
    if (!latenessMs.length) return;
    this.remindersSent.inc(latenessMs.length);
    for (const ms of latenessMs) this.reminderLateness.observe(Math.max(ms, 0) / 1_000);
  }

  importRowsWritten(rows: number): void {
    this.importRows.inc(rows);
  }
}
