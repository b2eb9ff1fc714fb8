import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import type { JobQueue, ReminderJobItem } from '../../../domain/shared/job-queue.port';
import { JOB_QUEUE } from '../../../domain/shared/shared.tokens';
import { REMINDER_BATCH, type RemindersService } from '../../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../../domain/notifications/notifications.tokens';
import { whileWritesFail } from '../../../main/__tests__/test-runtime';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

// Reminders go in batches: one send job per claimed batch, one statement to record its notifications and
// one to mark them sent. Whatever happens to a batch (run twice, cut short between its statements, emails
// refused halfway), each reminder is delivered once and each email goes once.
const T0 = new Date('2031-03-03T12:00:00Z');
const clock: Clock & { at: Date } = { at: T0, now: () => clock.at };

let smtp: SmtpCapture;
let server: TestServer;
let users: CrmUsers;
let reminders: RemindersService;
let batchNo = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ smtpUrl: smtp.url }, { clock });
  users = await createCrmUsers(server);
  reminders = server.runtime.container.get<RemindersService>(REMINDERS_SERVICE);
  // employee: reminder emails; other: an address but reminder emails turned off; admin: no address.
  expect(
    (
      await users.employee.request('PUT', '/api/notifications/settings', {
        email: 'employee@example.com',
        language: 'en',
        timeZone: 'UTC',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await users.other.request('PUT', '/api/notifications/settings', {
        email: 'other@example.com',
        language: 'en',
        timeZone: 'UTC',
        reminderEmails: false,
      })
    ).status,
  ).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function until(check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Due reminders made straight in the database, `count` per user, with a subject naming the batch.
 * `claimed`: already taken by a scan (status queued), as a send job receives them, so no scheduled scan takes them.
 */
async function dueReminders(
  perUser: Record<number, number>,
  claimed: boolean,
): Promise<{ prefix: string; items: ReminderJobItem[] }> {
  const { knex } = server.runtime.db;
  const prefix = `Batch ${++batchNo}`;
  const remindAt = new Date(T0.getTime() - 60_000);
  const items: ReminderJobItem[] = [];
  for (const [userId, count] of Object.entries(perUser)) {
    const rows = await knex.raw(
      `INSERT INTO activities (type, subject, status, due_date, assigned_to, created_by)
       SELECT 'call', ? || ' #' || g, 'pending', ?, ?, ? FROM generate_series(1, ?) g RETURNING id`,
      [prefix, new Date(T0.getTime() + 3_600_000), Number(userId), Number(userId), count],
    );
    const ids: number[] = rows.rows.map((r: { id: number }) => r.id);
    await knex('activityReminders').insert(
      ids.map((activityId) => ({
        activityId,
        userId: Number(userId),
        dueAt: new Date(T0.getTime() + 3_600_000),
        remindAt,
        status: claimed ? 'queued' : 'pending',
        claimedAt: claimed ? T0 : null,
      })),
    );
    items.push(...ids.map((activityId) => ({ activityId, remindAt: remindAt.toISOString() })));
  }
  return { prefix, items };
}

async function delivered(items: ReminderJobItem[]) {
  const { knex } = server.runtime.db;
  const ids = items.map((i) => i.activityId);
  const perKey = await knex('notifications')
    .whereIn('activityId', ids)
    .select('dedupeKey')
    .count({ n: '*' })
    .groupBy('dedupeKey');
  const sent = await knex('activityReminders').whereIn('activityId', ids).where({ status: 'sent' }).count({ n: '*' });
  return { keys: perKey.length, twice: perKey.filter((r) => Number(r.n) !== 1).length, sent: Number(sent[0].n) };
}

const mailsAbout = (prefix: string) => smtp.messages.filter((m) => m.subject.startsWith(`Reminder: ${prefix} #`));

describe('reminder batches', { timeout: 120_000 }, () => {
  it('a burst is claimed in batches, one job each, and every reminder delivered exactly once', async () => {
    const { prefix, items } = await dueReminders(
      { [users.ids.employee]: 30, [users.ids.other]: 20, [users.ids.admin]: 1_150 },
      false,
    );
    const queue = server.runtime.container.get<JobQueue>(JOB_QUEUE);
    const enqueue = vi.spyOn(queue, 'enqueue');
    try {
      // As many scans as it takes (a scheduled one may run beside this one): each takes what the other left.
      let queued = 0;
      while (queued < items.length) {
        const found = await reminders.scan();
        expect(found).toBeGreaterThan(0);
        queued += found;
      }
      const sizes = enqueue.mock.calls
        .filter(([name]) => name === 'reminders.send')
        .map(([, payload]) => (payload as { reminders: unknown[] }).reminders.length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(1_200);
      expect(Math.max(...sizes)).toBe(REMINDER_BATCH);
      expect(sizes.length).toBeLessThanOrEqual(Math.ceil(1_200 / REMINDER_BATCH) + 1);
    } finally {
      enqueue.mockRestore();
    }
    await until(async () => (await delivered(items)).sent === items.length);
    expect(await delivered(items)).toEqual({ keys: 1_200, twice: 0, sent: 1_200 });
    // Emails only for the one who wants them, one each.
    await until(() => mailsAbout(prefix).length >= 30);
    const mails = mailsAbout(prefix);
    expect(mails.every((m) => m.to[0] === 'employee@example.com')).toBe(true);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(30);
    expect(mails).toHaveLength(30);
    const statuses = await server.runtime.db
      .knex('notifications')
      .whereIn(
        'activityId',
        items.map((i) => i.activityId),
      )
      .select('emailStatus')
      .count({ n: '*' })
      .groupBy('emailStatus');
    expect(Object.fromEntries(statuses.map((r: Record<string, unknown>) => [r.emailStatus, Number(r.n)]))).toEqual({
      sent: 30,
      none: 1_170,
    });
  });

  it('the same batch job run again, or twice at once, delivers nothing twice', async () => {
    const { prefix, items } = await dueReminders({ [users.ids.employee]: 5, [users.ids.admin]: 45 }, true);
    await reminders.send({ reminders: items });
    expect(await delivered(items)).toEqual({ keys: 50, twice: 0, sent: 50 });
    await reminders.send({ reminders: items });
    await Promise.allSettled([reminders.send({ reminders: items }), reminders.send({ reminders: items })]);
    expect(await delivered(items)).toEqual({ keys: 50, twice: 0, sent: 50 });
    expect(mailsAbout(prefix)).toHaveLength(5);
  });

  it('a batch cut short between recording the notifications and marking the reminders sent records none, and its retry delivers each once', async () => {
    const { prefix, items } = await dueReminders({ [users.ids.employee]: 3, [users.ids.admin]: 60 }, true);
    // The statement that marks the reminders sent fails: the notifications recorded before it go too.
    await whileWritesFail(server.runtime, 'activity_reminders', async () => {
      await expect(reminders.send({ reminders: items })).rejects.toThrow();
    });
    expect(await delivered(items)).toEqual({ keys: 0, twice: 0, sent: 0 });
    expect(mailsAbout(prefix)).toHaveLength(0);
    await reminders.send({ reminders: items });
    expect(await delivered(items)).toEqual({ keys: 63, twice: 0, sent: 63 });
    expect(mailsAbout(prefix)).toHaveLength(3);
  });

  it('emails refused halfway: the retry sends only the rest, each email once, and the last failure shows on what was left', async () => {
    const { prefix, items } = await dueReminders({ [users.ids.employee]: 6, [users.ids.admin]: 4 }, true);
    smtp.failNext(2);
    await expect(reminders.send({ reminders: items })).rejects.toThrow(/2 of 6 reminder emails/);
    // The notifications are all there; the reminders whose email went (or needed none) are sent.
    expect(await delivered(items)).toEqual({ keys: 10, twice: 0, sent: 8 });
    expect(mailsAbout(prefix)).toHaveLength(4);
    // Two retries racing each other: the lease lets one of them send each remaining email.
    await Promise.allSettled([reminders.send({ reminders: items }), reminders.send({ reminders: items })]);
    await reminders.send({ reminders: items });
    expect(await delivered(items)).toEqual({ keys: 10, twice: 0, sent: 10 });
    const mails = mailsAbout(prefix);
    expect(mails).toHaveLength(6);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(6);

    // After the last attempt only what was not delivered shows as failed.
    const next = await dueReminders({ [users.ids.employee]: 2, [users.ids.admin]: 2 }, true);
    smtp.failNext(1);
    const error = await reminders.send({ reminders: next.items }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    await reminders.fail({ reminders: next.items }, error as Error);
    const statuses = await server.runtime.db
      .knex('activityReminders')
      .whereIn(
        'activityId',
        next.items.map((i) => i.activityId),
      )
      .select('status')
      .count({ n: '*' })
      .groupBy('status');
    expect(Object.fromEntries(statuses.map((r: Record<string, unknown>) => [r.status, Number(r.n)]))).toEqual({
      sent: 3,
      failed: 1,
    });
    const failedEmails = await server.runtime.db
      .knex('notifications')
      .whereIn(
        'activityId',
        next.items.map((i) => i.activityId),
      )
      .where({ emailStatus: 'failed' });
    expect(failedEmails).toHaveLength(1);
    expect(mailsAbout(next.prefix)).toHaveLength(1);
  });
});
