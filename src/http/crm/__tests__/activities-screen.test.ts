import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

type Item = { id: number; subject: string };
const subjects = (body: { items: Item[] }) => body.items.map((a) => a.subject);

/** Every page of a list, following nextCursor. */
async function everyPage(path: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await crm.users.employee.get(`${path}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    const body = res.body as { items: Item[]; nextCursor: string | null };
    seen.push(...subjects(body));
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

describe('activities screen', () => {
  it('pages pending soonest due first with undated last, and completed latest first', async () => {
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Ordered' })).body;
    const make = (subject: string, dueDate: string | null) =>
      crm.users.employee.post('/api/crm/activities', { subject, dueDate, contactId: contact.id });
    await make('later', '2026-12-10T10:00:00.000Z');
    await make('undated 1', null);
    await make('overdue', '2026-11-01T10:00:00.000Z');
    await make('same time a', '2026-12-01T10:00:00.000Z');
    await make('undated 2', null);
    await make('same time b', '2026-12-01T10:00:00.000Z');
    const done1 = (await make('done first', '2026-11-02T10:00:00.000Z')).body;
    const done2 = (await make('done second', null)).body;
    await crm.users.employee.patch(`/api/crm/activities/${done1.id}`, { status: 'completed' });
    await crm.users.employee.patch(`/api/crm/activities/${done2.id}`, { status: 'completed' });

    const expected = ['overdue', 'same time a', 'same time b', 'later', 'undated 1', 'undated 2'];
    for (const limit of [1, 2, 4, 50]) {
      expect(await everyPage(`/api/crm/activities?contact=${contact.id}&status=pending&order=due`, limit)).toEqual(
        expected,
      );
      expect(
        await everyPage(`/api/crm/activities?contact=${contact.id}&status=completed&order=completed`, limit),
      ).toEqual(['done second', 'done first']);
    }
    const counts = await crm.users.employee.get(`/api/crm/activities/counts?contact=${contact.id}`);
    expect(counts.body).toEqual({ pending: 6, completed: 2 });
    expect(
      (await crm.users.employee.get(`/api/crm/activities?contact=${contact.id}&order=sideways`)).body.error.details[0]
        .path,
    ).toBe('query.order');
  });

  it('counts pending and completed for the filters, only what the viewer may see', async () => {
    const { ids } = crm.users;
    const contact = (await crm.users.admin.post('/api/crm/contacts', { name: 'Counted' })).body;
    const post = (client: typeof crm.users.admin, body: object) =>
      client.post('/api/crm/activities', { contactId: contact.id, ...body });
    await post(crm.users.other, { subject: 'call 1', type: 'call' });
    await post(crm.users.other, { subject: 'call 2', type: 'call' });
    const mail = (await post(crm.users.other, { subject: 'mail', type: 'email' })).body;
    await crm.users.other.patch(`/api/crm/activities/${mail.id}`, { status: 'completed' });
    await post(crm.users.admin, { subject: 'admin task' });

    const counts = (client: typeof crm.users.admin, query: string) =>
      client.get(`/api/crm/activities/counts?contact=${contact.id}&${query}`).then((r) => r.body);
    expect(await counts(crm.users.other, `assignedTo=${ids.other}`)).toEqual({ pending: 2, completed: 1 });
    expect(await counts(crm.users.other, `assignedTo=${ids.other}&type=call`)).toEqual({ pending: 2, completed: 0 });
    expect(await counts(crm.users.other, `assignedTo=${ids.other}&type=email`)).toEqual({ pending: 0, completed: 1 });
    expect(await counts(crm.users.admin, `assignedTo=${ids.other}`)).toEqual({ pending: 2, completed: 1 });
    expect(await counts(crm.users.admin, 'type=all')).toEqual({ pending: 3, completed: 1 });
    // An employee asking for someone else's activities counts none of them.
    expect(await counts(crm.users.employee, `assignedTo=${ids.other}`)).toEqual({ pending: 0, completed: 0 });
    expect(await counts(crm.users.employee, `assignedTo=${ids.admin}`)).toEqual({ pending: 0, completed: 0 });
    const bad = await crm.users.other.get('/api/crm/activities/counts?type=party');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('query.type');
  });

  it('reads a week by due date, and a moved due date moves its reminder', async () => {
    // A week to come (a reminder is only kept for a due date still ahead): the Monday at least a week from now, UTC.
    const monday0 = new Date();
    monday0.setUTCHours(0, 0, 0, 0);
    monday0.setUTCDate(monday0.getUTCDate() + 7 + ((8 - monday0.getUTCDay()) % 7));
    const at = (days: number, minutes = 0) =>
      new Date(monday0.getTime() + days * 86_400_000 + minutes * 60_000).toISOString();
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Week' })).body;
    const post = (subject: string, dueDate: string) =>
      crm.users.employee.post('/api/crm/activities', { subject, dueDate, contactId: contact.id, reminderMinutes: 30 });
    await post('sunday before', at(0, -1));
    const monday = (await post('monday', at(0))).body;
    await post('sunday', at(7, -1));
    await post('next monday', at(7));
    const week = await crm.users.employee.get(
      `/api/crm/activities?contact=${contact.id}&dueFrom=${at(0)}&dueBefore=${at(7)}&order=due`,
    );
    expect(subjects(week.body)).toEqual(['monday', 'sunday']);

    const moved = await crm.users.employee.patch(`/api/crm/activities/${monday.id}`, { dueDate: at(2, 15 * 60) });
    expect(moved.status).toBe(200);
    const reminder = await crm.knex('activity_reminders').where({ activityId: monday.id }).first();
    expect(new Date(reminder.remindAt).toISOString()).toBe(at(2, 15 * 60 - 30));
  });
});
