import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import type { RemindersService } from '../../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../../domain/notifications/notifications.tokens';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { startTestServer, type TestClient, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

const T0 = new Date('2030-01-10T12:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);
const clock: Clock & { at: Date } = { at: T0, now: () => clock.at };

let smtp: SmtpCapture;
let server: TestServer;
let users: CrmUsers;
let reminders: RemindersService;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://crm.example.com' }, { clock });
  users = await createCrmUsers(server);
  reminders = server.runtime.container.get<RemindersService>(REMINDERS_SERVICE);
  for (const [client, email, language] of [
    [users.employee, 'employee@example.com', 'pt'],
    [users.other, 'other@example.com', 'en'],
  ] as const) {
    const res = await client.request('PUT', '/api/notifications/settings', {
      email,
      language,
      timeZone: 'America/Sao_Paulo',
    });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function activity(client: TestClient, subject: string, dueMinutes: number, extra: object = {}): Promise<number> {
  clock.at = T0;
  const res = await client.post('/api/crm/activities', { subject, dueDate: at(dueMinutes).toISOString(), ...extra });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function scanAt(minutes: number): Promise<number> {
  clock.at = at(minutes);
  return reminders.scan();
}

const mailsAbout = (subject: string) => smtp.messages.filter((m) => m.subject.includes(subject));

async function until(check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function reminderStatus(activityId: number): Promise<string | undefined> {
  return (await server.runtime.db.knex('activityReminders').where({ activityId }).first())?.status;
}

describe('activity reminders', () => {
  it('fire at their time and not before: a notification for the assignee and one email in their language', async () => {
    const id = await activity(users.employee, 'Call Ana', 60);
    expect(await scanAt(44.99)).toBe(0);
    expect((await users.employee.get('/api/notifications')).body).toMatchObject({ items: [], unread: 0 });

    expect(await scanAt(45)).toBe(1);
    await until(async () => (await reminderStatus(id)) === 'sent');
    const mails = mailsAbout('Call Ana');
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['employee@example.com']);
    expect(mails[0].subject).toBe('Lembrete: Call Ana');
    // 13:00 UTC is 10:00 in São Paulo, written the Brazilian way.
    expect(mails[0].raw).toContain('10/01/2030');
    expect(mails[0].raw).toContain('10:00');
    expect(mails[0].raw).toContain(`https://crm.example.com/crm/activities?activity=${id}`);

    const list = await users.employee.get('/api/notifications');
    expect(list.body.unread).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      kind: 'activity.reminder',
      activityId: id,
      title: 'Lembrete: Call Ana',
      readAt: null,
      emailStatus: 'sent',
    });
    // What it is about and when, for the app to word in its own language.
    expect(list.body.items[0]).toMatchObject({ subject: 'Call Ana', dueAt: at(60).toISOString() });
    // Nothing more once sent, however often the scan runs.
    expect(await scanAt(50)).toBe(0);
  });

  it('moves when the due date, the lead time or the assignee changes', async () => {
    const id = await activity(users.employee, 'Send proposal', 120);
    expect((await users.employee.request('PUT', `/api/crm/activities/${id}/reminder`, { minutes: 30 })).status).toBe(
      200,
    );
    expect((await users.employee.get(`/api/crm/activities/${id}/reminder`)).body).toEqual({ minutes: 30 });
    expect((await users.employee.patch(`/api/crm/activities/${id}`, { dueDate: at(180).toISOString() })).status).toBe(
      200,
    );
    expect(await scanAt(90)).toBe(0);
    // Given to someone else: their reminder, in their language.
    expect((await users.employee.patch(`/api/crm/activities/${id}`, { assignedTo: users.ids.other })).status).toBe(200);
    expect(await scanAt(150)).toBe(1);
    await until(async () => (await reminderStatus(id)) === 'sent');
    expect(mailsAbout('Send proposal').map((m) => [m.to[0], m.subject])).toEqual([
      ['other@example.com', 'Reminder: Send proposal'],
    ]);
  });

  it('take their lead time from the activity body on create and edit', async () => {
    const remindAt = async (activityId: number) =>
      (await server.runtime.db.knex('activityReminders').where({ activityId }).first())?.remindAt;
    const id = await activity(users.employee, 'Lead time in the body', 120, { reminderMinutes: 60 });
    expect(await remindAt(id)).toEqual(at(60));
    expect((await users.employee.get(`/api/crm/activities/${id}`)).body.reminderMinutes).toBe(60);
    // Omitted: the default, and an edit that leaves it out keeps the choice.
    const plain = await activity(users.employee, 'Default lead time', 120);
    expect(await remindAt(plain)).toEqual(at(105));
    expect((await users.employee.get(`/api/crm/activities/${plain}`)).body.reminderMinutes).toBe(15);
    expect((await users.employee.patch(`/api/crm/activities/${id}`, { dueDate: at(180).toISOString() })).status).toBe(
      200,
    );
    expect(await remindAt(id)).toEqual(at(120));

    const none = await users.employee.patch(`/api/crm/activities/${id}`, { reminderMinutes: null });
    expect(none.status).toBe(200);
    expect(none.body.reminderMinutes).toBeNull();
    expect(await remindAt(id)).toBeUndefined();
    expect((await users.employee.get(`/api/crm/activities/${id}/reminder`)).body).toEqual({ minutes: null });

    for (const res of [
      await users.employee.post('/api/crm/activities', {
        subject: 'Odd lead time',
        dueDate: at(120).toISOString(),
        reminderMinutes: 7,
      }),
      await users.employee.patch(`/api/crm/activities/${id}`, { reminderMinutes: 7 }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['reminderMinutes']);
    }
  });

  it('has none for completed, deleted, undated activities or when the choice is "none"', async () => {
    const completed = await activity(users.employee, 'Done already', 30);
    expect((await users.employee.patch(`/api/crm/activities/${completed}`, { status: 'completed' })).status).toBe(200);
    const deleted = await activity(users.employee, 'Deleted one', 30);
    expect((await users.employee.delete(`/api/crm/activities/${deleted}`)).status).toBe(204);
    const none = await activity(users.employee, 'No reminder', 30);
    expect(
      (await users.employee.request('PUT', `/api/crm/activities/${none}/reminder`, { minutes: null })).status,
    ).toBe(200);
    clock.at = T0;
    expect((await users.employee.post('/api/crm/activities', { subject: 'Undated' })).status).toBe(201);
    expect(await server.runtime.db.knex('activityReminders').whereIn('activityId', [completed, deleted, none])).toEqual(
      [],
    );
    expect(await scanAt(30)).toBe(0);
  });

  it('sends one email when two workers claim at once and the first delivery is refused and retried', async () => {
    // Due in 10 minutes with the default 15: due for a reminder at once.
    const id = await activity(users.employee, 'Retry me', 10);
    smtp.failNext(1);
    // Two scans at once (as two workers would): the database gives the reminder to one of them.
    clock.at = at(5);
    const queued = await Promise.all([reminders.scan(), reminders.scan()]);
    expect(queued.sort()).toEqual([0, 1]);
    // A duplicate send of the same reminder racing the queued job.
    const remindAt = at(-5).toISOString();
    const job = { reminders: [{ activityId: id, remindAt }] };
    await Promise.allSettled([reminders.send(job), reminders.send(job)]);
    await until(async () => (await reminderStatus(id)) === 'sent');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsAbout('Retry me')).toHaveLength(1);
    const notifications = await server.runtime.db.knex('notifications').where({ activityId: id });
    expect(notifications).toHaveLength(1);
  });

  it('shows a reminder whose email could not be sent as failed, never dropping it', async () => {
    const id = await activity(users.employee, 'Bounce', 60);
    const reminder = await server.runtime.db.knex('activityReminders').where({ activityId: id }).first();
    const payload = { reminders: [{ activityId: id, remindAt: new Date(reminder.remindAt).toISOString() }] };
    smtp.failNext(1);
    clock.at = at(45);
    const error = await reminders.send(payload).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    await reminders.fail(payload, error as Error);
    expect(await reminderStatus(id)).toBe('failed');
    const list = await users.employee.get('/api/notifications?limit=50');
    expect(list.body.items.find((n: { activityId: number }) => n.activityId === id)).toMatchObject({
      emailStatus: 'failed',
      emailError: 'smtp 451',
    });
    // The SMTP server's own text ("Try again later") stays in the worker's log, never in an answer.
    expect(JSON.stringify(list.body)).not.toContain('Try again later');
  });
});

describe('notifications API', () => {
  it('lists, pages and marks read only my own', async () => {
    const { employee, other } = users;
    const mine = (await employee.get('/api/notifications?limit=1')).body;
    expect(mine.items).toHaveLength(1);
    expect(mine.nextCursor).toEqual(expect.any(String));
    const before = mine.unread;
    expect((await other.post(`/api/notifications/${mine.items[0].id}/read`)).status).toBe(404);
    const read = await employee.post(`/api/notifications/${mine.items[0].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unread: before - 1 });
    expect((await employee.post(`/api/notifications/${mine.items[0].id}/read`)).body).toEqual({ unread: before - 1 });
  });

  it('refuses bad input naming the field', async () => {
    const { employee } = users;
    const settings = await employee.request('PUT', '/api/notifications/settings', {
      email: 'nope',
      language: 'fr',
      timeZone: 'Mars/Base',
    });
    expect(settings.status).toBe(400);
    expect(settings.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'email',
      'language',
      'timeZone',
    ]);
    const id = await activity(employee, 'Choice', 60);
    const choice = await employee.request('PUT', `/api/crm/activities/${id}/reminder`, { minutes: 7 });
    expect(choice.status).toBe(400);
    expect(choice.body.error.details[0].path).toBe('minutes');
    expect((await users.other.request('PUT', `/api/crm/activities/${id}/reminder`, { minutes: 5 })).status).toBe(404);
    expect((await employee.post('/api/notifications/abc/read')).status).toBe(400);
  });
});
