import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestService } from '../../../domain/notifications/digest.service';
import { DIGEST_SERVICE } from '../../../domain/notifications/notifications.tokens';
import type { Clock } from '../../../domain/shared/clock';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { startTestServer, testConfig, type TestServer } from '../../../../tests/support/test-server';
import { startServer } from '../../../main/server';
import { createCrmUsers, type CrmUsers } from '../../crm/__tests__/crm-test-kit';

// Tuesday 10 March 2026. São Paulo is UTC-3, Tokyo UTC+9.
const clock: Clock & { at: Date } = { at: new Date('2026-03-10T00:00:00Z'), now: () => clock.at };

let smtp: SmtpCapture;
let server: TestServer;
let users: CrmUsers;
let digests: DigestService;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://crm.example.com' }, { clock });
  users = await createCrmUsers(server);
  digests = server.runtime.container.get<DigestService>(DIGEST_SERVICE);
  const put = (client: typeof users.employee, body: object) =>
    client.request('PUT', '/api/notifications/settings', body);
  // Busy: in São Paulo, one overdue, one today, one tomorrow, one done, one undated.
  expect(
    (await put(users.employee, { email: 'busy@example.com', language: 'pt', timeZone: 'America/Sao_Paulo' })).status,
  ).toBe(200);
  // Idle: in Tokyo, only something next week.
  expect((await put(users.other, { email: 'idle@example.com', language: 'en', timeZone: 'Asia/Tokyo' })).status).toBe(
    200,
  );
  // Digest off: would have items.
  expect(
    (await put(users.developer, { email: 'off@example.com', language: 'en', timeZone: 'UTC', morningDigest: false }))
      .status,
  ).toBe(200);
  const post = (client: typeof users.employee, body: object) =>
    client.post('/api/crm/activities', { reminderMinutes: null, ...body });
  await post(users.employee, { subject: 'Proposta atrasada', dueDate: '2026-03-09T15:00:00Z' });
  await post(users.employee, { subject: 'Reunião de hoje', dueDate: '2026-03-10T20:00:00Z' });
  await post(users.employee, { subject: 'Amanhã cedo', dueDate: '2026-03-11T03:30:00Z' });
  await post(users.employee, { subject: 'Sem data', dueDate: null });
  await post(users.employee, { subject: 'Já feita', dueDate: '2026-03-09T12:00:00Z', status: 'completed' });
  await post(users.other, { subject: 'Next week', dueDate: '2026-03-17T01:00:00Z' });
  await post(users.developer, { subject: 'Never mailed', dueDate: '2026-03-09T12:00:00Z' });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
/** The message as a reader sees it: quoted-printable undone. */
const text = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const at = (iso: string) => {
  clock.at = new Date(iso);
};

describe('morning digest', () => {
  it('goes at 08:00 in each time zone, once, listing overdue and today with links; nothing when there is nothing', async () => {
    // 07:59 in São Paulo (10:59 UTC), 19:59 in Tokyo: nothing yet.
    at('2026-03-10T10:59:00Z');
    expect(await digests.scan()).toBe(0);
    // Tokyo's 08:00 (23:00 UTC the day before) passed earlier with nothing to say.
    at('2026-03-09T23:00:00Z');
    expect(await digests.scan()).toBe(0);

    // 08:00 in São Paulo, with two workers scanning at once, and again later.
    at('2026-03-10T11:00:00Z');
    await Promise.all([digests.scan(), digests.scan()]);
    at('2026-03-10T11:01:00Z');
    await Promise.all([digests.scan(), digests.scan()]);
    at('2026-03-10T13:30:00Z');
    await digests.scan();

    const busy = mailsTo('busy@example.com');
    expect(busy).toHaveLength(1);
    expect(busy[0].subject).toBe('Seu dia: 1 atrasada(s), 1 para hoje');
    expect(text(busy[0].raw)).toContain('Proposta atrasada');
    expect(text(busy[0].raw)).toContain('Reunião de hoje');
    expect(text(busy[0].raw)).not.toContain('Amanhã cedo');
    expect(text(busy[0].raw)).not.toContain('Sem data');
    expect(text(busy[0].raw)).not.toContain('Já feita');
    expect(text(busy[0].raw)).toContain('https://crm.example.com/crm/activities?activity=');
    // 20:00 UTC is 17:00 in São Paulo.
    expect(text(busy[0].raw)).toContain('10/03/2026, 17:00');
    expect(mailsTo('idle@example.com')).toEqual([]);
    expect(mailsTo('off@example.com')).toEqual([]);

    // In the bell too (asked before the test sessions' 12 hours end).
    at('2026-03-10T11:30:00Z');
    const bell = await users.employee.get('/api/notifications');
    expect(bell.status, bell.text).toBe(200);
    expect(bell.body.items).toEqual([
      expect.objectContaining({
        kind: 'activity.digest',
        title: 'Seu dia: 1 atrasada(s), 1 para hoje',
        link: '/crm/activities',
        emailStatus: 'sent',
      }),
    ]);
    expect((await users.other.get('/api/notifications')).body.items).toEqual([]);
  });

  it('skips weekends and comes again the next working day', async () => {
    // Saturday 14 March, 08:00 in São Paulo.
    at('2026-03-14T11:00:00Z');
    expect(await digests.scan()).toBe(0);
    // Monday 16 March, 08:00 in São Paulo: a new day, a new digest (everything is overdue by now).
    at('2026-03-16T11:00:00Z');
    expect(await digests.scan()).toBe(1);
    expect(mailsTo('busy@example.com').map((m) => m.subject)).toEqual([
      'Seu dia: 1 atrasada(s), 1 para hoje',
      'Seu dia: 3 atrasada(s), 0 para hoje',
    ]);
    // Monday 16 March, 08:00 in Tokyo: next week's item (17 March 10:00 there) is not today's yet.
    at('2026-03-15T23:00:00Z');
    await digests.scan();
    expect(mailsTo('idle@example.com')).toEqual([]);
  });

  // Two processes need a database both can reach: PostgreSQL, not the embedded one.
  it.runIf(process.env.DATABASE_URL)('goes once when two app instances scan the same database at once', async () => {
    const second = await startServer(
      testConfig({
        databaseUrl: server.runtime.config.databaseUrl,
        smtpUrl: smtp.url,
        publicUrl: 'https://crm.example.com',
      }),
      {
        runWorkers: false,
        clock,
      },
    );
    try {
      const other = second.runtime.container.get<DigestService>(DIGEST_SERVICE);
      // Wednesday 18 March, 08:00 in São Paulo.
      at('2026-03-18T11:00:00Z');
      const before = mailsTo('busy@example.com').length;
      const sent = await Promise.all([digests.scan(), other.scan(), digests.scan(), other.scan()]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      expect(mailsTo('busy@example.com')).toHaveLength(before + 1);
    } finally {
      await second.stop();
    }
  });
});
