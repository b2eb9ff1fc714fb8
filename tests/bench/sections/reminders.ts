import type { Knex } from 'knex';
import type { RemindersService } from '../../../src/domain/notifications/reminders.service';
import { REMINDER_BATCH } from '../../../src/domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../../src/domain/notifications/notifications.tokens';
import { QueueName, type JobProcessor } from '../../../src/domain/shared/job-queue.port';
import { JOB_PROCESSOR } from '../../../src/domain/shared/shared.tokens';
import { QUEUE_SETTINGS } from '../../../src/infrastructure/queue/queue-settings';
import { createBenchDatabase, type CrmDataSize, seedCrm } from '../support/crm-data';
import { openBenchRuntime } from '../support/runtime';
import type { BenchContext, BenchRow, BenchSection } from '../support/section';

/**
 * Reminders, delivered by the real scan and send jobs (workers in the bench process), on PostgreSQL + BullMQ
 * and on embedded PGlite + the in-process queue:
 * - a burst: every reminder due at the same instant, the scan called at that instant; delivered per second
 *   (from the due time to the last one sent), lateness after the due time, and exactly once (one notification
 *   per reminder, distinct dedupe keys);
 * - on the schedule: 10,000 due at once and nothing but the scheduled scan (every 15 s) to find them; the
 *   last one must be sent within the scan interval plus 2 s of the due time.
 * No SMTP: emails (one per notification, under its lease) are not measured.
 */
const TARGET_PER_SECOND = 5_000;
const SCAN_EVERY_MS = 15_000;
const SCHEDULED_SLACK_MS = 2_000;

interface Setup {
  label: string;
  postgres: boolean;
  burst: number;
  scheduled: number;
}

export async function run(ctx: BenchContext): Promise<BenchSection> {
  const setups: Setup[] = ctx.quick
    ? [
        { label: 'PostgreSQL + BullMQ', postgres: true, burst: 5_000, scheduled: 2_000 },
        { label: 'Embedded + in-process', postgres: false, burst: 2_000, scheduled: 1_000 },
      ]
    : [
        { label: 'PostgreSQL + BullMQ', postgres: true, burst: 100_000, scheduled: 10_000 },
        // Kept to 20,000 so the section stays short: PGlite is one connection in the bench's own process.
        { label: 'Embedded + in-process', postgres: false, burst: 20_000, scheduled: 10_000 },
      ];
  const rows: BenchRow[] = [];
  const details: Record<string, unknown> = {};
  for (const setup of setups) {
    ctx.log(`reminders: ${setup.label}`);
    const result = await measure(ctx, setup);
    details[setup.label] = result;
    const { burst, scheduled } = result;
    rows.push(
      {
        measure: `${setup.label}: ${setup.burst.toLocaleString('en')} due at once, delivered`,
        values: {
          result: `${seconds(burst.deliverMs)} (${burst.perSecond.toLocaleString('en')}/s); claimed and queued in ${seconds(burst.enqueueMs)}`,
        },
        target: {
          text: `at least ${TARGET_PER_SECOND.toLocaleString('en')}/s`,
          met: burst.perSecond >= TARGET_PER_SECOND,
        },
      },
      {
        measure: `${setup.label}: lateness after the due time`,
        values: { result: `p50 ${burst.lateness.p50} ms, p99 ${burst.lateness.p99} ms, max ${burst.lateness.max} ms` },
      },
      {
        measure: `${setup.label}: exactly once`,
        values: {
          result: `${burst.once.notifications} notifications, ${burst.once.keys} distinct keys, ${burst.once.sent} reminders sent`,
        },
        target: { text: 'one notification per reminder', met: burst.once.exactlyOnce },
      },
      {
        measure: `${setup.label}: ${setup.scheduled.toLocaleString('en')} due at once, found by the scheduled scan`,
        values: {
          result:
            `last sent ${seconds(scheduled.lastMs)} after the due time (the scan took them ${seconds(scheduled.firstClaimMs)} after it, ` +
            `all sent ${seconds(scheduled.lastMs - scheduled.firstClaimMs)} later)${scheduled.once.exactlyOnce ? '' : '; NOT exactly once'}`,
        },
        target: {
          text: `all within the scan interval + 2 s (${seconds(SCAN_EVERY_MS + SCHEDULED_SLACK_MS)})`,
          met: scheduled.lastMs <= SCAN_EVERY_MS + SCHEDULED_SLACK_MS && scheduled.once.exactlyOnce,
        },
      },
    );
  }
  const settings = QUEUE_SETTINGS[QueueName.Reminders];
  return {
    title: 'Reminders: bursts and the scheduled scan',
    setup: [
      `${REMINDER_BATCH} reminders per send job; reminders queue concurrency ${settings.concurrency}; scan every ${SCAN_EVERY_MS / 1000} s; workers in the bench process; no SMTP`,
      'PostgreSQL: a database of its own, BullMQ on the Redis given; embedded: PGlite in memory, the in-process queue',
      'Data: the bench users, and pending activities due in an hour (one reminder each); contacts and deals kept small (not read)',
    ],
    rows,
    details,
  };
}

interface Once {
  notifications: number;
  keys: number;
  sent: number;
  exactlyOnce: boolean;
}

async function measure(ctx: BenchContext, setup: Setup) {
  const db = setup.postgres ? await createBenchDatabase(ctx.postgresUrl, 'reminders') : undefined;
  const runtime = await openBenchRuntime({
    databaseUrl: db?.url,
    redisUrl: setup.postgres ? ctx.redisUrl : undefined,
    label: 'reminders',
  });
  const { knex } = runtime.db;
  try {
    const size: CrmDataSize = {
      users: 20,
      contacts: 1_000,
      deals: 200,
      activities: setup.burst,
      pendingActivities: setup.burst,
    };
    // The app's statement timeout is for requests; generating the data set takes longer.
    await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL statement_timeout = 0');
      await seedCrm(trx, size);
    });
    const processors = runtime.container
      .getAll<JobProcessor>(JOB_PROCESSOR)
      .filter((p) => p.jobName === 'reminders.send' || p.jobName === 'reminders.scan');
    await runtime.workerHost.start(processors);
    const reminders = runtime.container.get<RemindersService>(REMINDERS_SERVICE);

    // (1) The burst: the scan called at the due instant (a scheduled one may run beside it: they share the work).
    let dueAt = await makeDue(knex, setup.burst, 2_000);
    await sleep(dueAt.getTime() - Date.now());
    const started = performance.now();
    const queued = await reminders.scan();
    const enqueueMs = performance.now() - started;
    ctx.log(`reminders: ${queued} claimed and queued by the first scan in ${seconds(enqueueMs)}`);
    await untilSent(knex, setup.burst, 600_000);
    const {
      rows: [lateness],
    } = await knex.raw(`
      SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms))::int AS p50, round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms))::int AS p99,
             round(max(ms))::int AS max
      FROM (SELECT extract(epoch FROM sent_at - remind_at) * 1000 AS ms FROM activity_reminders) t`);
    const deliverMs = lateness.max;
    const burst = {
      enqueueMs,
      deliverMs,
      perSecond: Math.round(setup.burst / (deliverMs / 1000)),
      lateness,
      once: await once(knex, setup.burst),
    };
    ctx.log(`reminders: burst of ${setup.burst} delivered in ${seconds(deliverMs)} (${burst.perSecond}/s)`);

    // (2) On the schedule: nothing calls the scan; the scheduled one (every 15 s) finds them.
    await knex.raw('DELETE FROM notifications');
    await knex.raw('DELETE FROM activity_reminders');
    dueAt = await makeDue(knex, setup.scheduled, 1_000);
    await untilSent(knex, setup.scheduled, 120_000);
    const {
      rows: [times],
    } = await knex.raw(`
      SELECT extract(epoch FROM max(sent_at) - max(remind_at)) * 1000 AS "lastMs", extract(epoch FROM min(claimed_at) - max(remind_at)) * 1000 AS "firstClaimMs"
      FROM activity_reminders`);
    const scheduled = {
      lastMs: Number(times.lastMs),
      firstClaimMs: Number(times.firstClaimMs),
      once: await once(knex, setup.scheduled),
    };
    ctx.log(`reminders: ${setup.scheduled} on the schedule, last sent ${seconds(scheduled.lastMs)} after the due time`);
    return { queuedByFirstScan: queued, burst, scheduled };
  } finally {
    await runtime.close();
    await db?.drop();
  }
}

/** `count` pending activities get a reminder due `inMs` from now (all the same instant). */
async function makeDue(knex: Knex, count: number, inMs: number): Promise<Date> {
  const dueAt = new Date(Date.now() + inMs);
  await knex.raw(
    `INSERT INTO activity_reminders (activity_id, user_id, due_at, remind_at, status)
     SELECT id, assigned_to, due_date, ?, 'pending' FROM activities WHERE status = 'pending' ORDER BY id LIMIT ?`,
    [dueAt, count],
  );
  await knex.raw('ANALYZE activity_reminders');
  return dueAt;
}

async function untilSent(knex: Knex, count: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await knex('activityReminders').where({ status: 'sent' }).count({ n: '*' });
    if (Number(n) >= count) return;
    if (Date.now() > end) throw new Error(`only ${n} of ${count} reminders sent after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function once(knex: Knex, count: number): Promise<Once> {
  const {
    rows: [row],
  } = await knex.raw(`
    SELECT (SELECT count(*) FROM notifications)::int AS notifications, (SELECT count(DISTINCT dedupe_key) FROM notifications)::int AS keys,
           (SELECT count(*) FROM activity_reminders WHERE status = 'sent')::int AS sent`);
  return { ...row, exactlyOnce: row.notifications === count && row.keys === count && row.sent === count };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
