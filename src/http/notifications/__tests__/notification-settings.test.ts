import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import type { RemindersService } from '../../../domain/notifications/reminders.service';
import { REMINDERS_SERVICE } from '../../../domain/notifications/notifications.tokens';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

const T0 = new Date('2030-01-10T12:00:00Z');
const clock: Clock & { at: Date } = { at: T0, now: () => clock.at };

let smtp: SmtpCapture;
let server: TestServer;
let users: CrmUsers;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://crm.example.com' }, { clock });
  users = await createCrmUsers(server);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('notification settings', () => {
  it('start with both e-mails on; the switches are kept, and a PUT without them leaves them as they were', async () => {
    expect((await users.employee.get('/api/notifications/settings')).body).toEqual({
      email: null,
      language: 'pt',
      timeZone: 'UTC',
      reminderEmails: true,
      morningDigest: true,
    });
    const saved = await users.employee.request('PUT', '/api/notifications/settings', {
      email: 'eva@example.com',
      language: 'en',
      timeZone: 'Europe/Lisbon',
      reminderEmails: false,
      morningDigest: false,
    });
    expect(saved.status).toBe(200);
    await users.employee.request('PUT', '/api/notifications/settings', {
      email: 'eva@example.com',
      language: 'pt',
      timeZone: 'Europe/Lisbon',
    });
    expect((await users.employee.get('/api/notifications/settings')).body).toEqual({
      email: 'eva@example.com',
      language: 'pt',
      timeZone: 'Europe/Lisbon',
      reminderEmails: false,
      morningDigest: false,
    });
    const bad = await users.employee.request('PUT', '/api/notifications/settings', {
      email: 'eva@example.com',
      language: 'pt',
      timeZone: 'UTC',
      morningDigest: 'sometimes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(['morningDigest']);
  });

  it('with reminder e-mails off, a reminder shows in the bell and sends no e-mail', async () => {
    await users.other.request('PUT', '/api/notifications/settings', {
      email: 'otto@example.com',
      language: 'en',
      timeZone: 'UTC',
      reminderEmails: false,
    });
    const act = await users.other.post('/api/crm/activities', {
      subject: 'Quiet reminder',
      dueDate: new Date(T0.getTime() + 10 * 60_000).toISOString(),
    });
    expect(act.status).toBe(201);
    const reminders = server.runtime.container.get<RemindersService>(REMINDERS_SERVICE);
    expect(await reminders.scan()).toBe(1);
    const end = Date.now() + 30_000;
    while ((await users.other.get('/api/notifications')).body.unread !== 1) {
      if (Date.now() > end) throw new Error('no notification');
      await new Promise((r) => setTimeout(r, 25));
    }
    const list = await users.other.get('/api/notifications');
    expect(list.body.items[0]).toMatchObject({ activityId: act.body.id, emailStatus: 'none' });
    expect(smtp.messages.filter((m) => m.subject.includes('Quiet reminder'))).toEqual([]);
  });
});
