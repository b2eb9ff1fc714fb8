import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const contactNamed = async (name: string) =>
  (await crm.users.employee.post('/api/crm/contacts', { name })).body as { id: number; name: string };

const nameOf = async (client: typeof crm.users.employee) =>
  ((await client.get('/api/user')).body as { name: string }).name;

const paths = (body: { error: { details: { path: string }[] } }) => body.error.details.map((d) => d.path);

describe('POST /api/crm/notes', () => {
  it("logs a call on a contact and answers the note with its author's name", async () => {
    const contact = await contactNamed('Nota Call');
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'She asked for a **new quote** on Monday',
      outcome: 'answered',
      durationMin: 12,
      occurredAt: '2026-11-20T14:00:00.000Z',
      contactId: contact.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      kind: 'call',
      body: 'She asked for a **new quote** on Monday',
      outcome: 'answered',
      durationMin: 12,
      occurredAt: '2026-11-20T14:00:00.000Z',
      contactId: contact.id,
      dealId: null,
      activityId: null,
      pinned: false,
      editedAt: null,
      createdBy: crm.users.ids.employee,
      authorName: await nameOf(crm.users.employee),
      createdAt: expect.any(String),
      nextActivityId: null,
    });
    const read = await crm.users.other.get(`/api/crm/notes/${res.body.id}`);
    expect(read.status).toBe(200);
    const { nextActivityId: _, ...note } = res.body;
    expect(read.body).toEqual(note);
  });

  it('occurs now when not told otherwise, and fills in the contact of a deal given alone', async () => {
    const contact = await contactNamed('Nota Deal Contact');
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Nota deal', contactId: contact.id })).body;
    const before = Date.now();
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'meeting',
      body: 'Demo done',
      dealId: deal.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: contact.id, dealId: deal.id, outcome: null, durationMin: null });
    expect(new Date(res.body.occurredAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps HTML as the text it is', async () => {
    const contact = await contactNamed('Nota Html');
    const body = '<script>alert("x")</script> <b>bold</b> & <img src=x onerror=alert(1)>';
    const res = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body, contactId: contact.id });
    expect(res.status).toBe(201);
    expect((await crm.users.employee.get(`/api/crm/notes/${res.body.id}`)).body.body).toBe(body);
  });

  it('accepts 20,000 characters and refuses 20,001 naming body', async () => {
    const contact = await contactNamed('Nota Long');
    const longest = 'ç'.repeat(20_000);
    const ok = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: longest, contactId: contact.id });
    expect(ok.status).toBe(201);
    expect(ok.body.body).toBe(longest);
    const tooLong = await crm.users.employee.post('/api/crm/notes', {
      kind: 'note',
      body: `${longest}x`,
      contactId: contact.id,
    });
    expect(tooLong.status).toBe(400);
    expect(paths(tooLong.body)).toEqual(['body']);
    expect((await crm.users.employee.get(`/api/crm/notes?contact=${contact.id}`)).body.items).toHaveLength(1);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const contact = await contactNamed('Nota Bad');
    const post = (body: object) => crm.users.employee.post('/api/crm/notes', body);
    const neither = await post({ kind: 'note', body: 'x' });
    expect([neither.status, paths(neither.body)]).toEqual([400, ['contactId']]);
    const outcome = await post({ kind: 'note', body: 'x', outcome: 'answered', contactId: contact.id });
    expect([outcome.status, paths(outcome.body)]).toEqual([400, ['outcome']]);
    const fields = await post({
      kind: 'fax',
      body: '   ',
      outcome: 'maybe',
      durationMin: 1441,
      occurredAt: 'yesterday',
      contactId: contact.id,
    });
    expect(fields.status).toBe(400);
    expect(paths(fields.body).sort()).toEqual(['body', 'durationMin', 'kind', 'occurredAt', 'outcome']);
    const missingContact = await post({ kind: 'note', body: 'x', contactId: 999_999 });
    expect([missingContact.status, paths(missingContact.body)]).toEqual([400, ['contactId']]);
    const missingDeal = await post({ kind: 'note', body: 'x', dealId: 999_999 });
    expect([missingDeal.status, paths(missingDeal.body)]).toEqual([400, ['dealId']]);
    expect((await crm.users.employee.get(`/api/crm/notes?contact=${contact.id}`)).body.items).toEqual([]);
  });
});

describe('a note on an activity, and the next step', () => {
  const activityFor = async (contactId: number, dealId: number | null = null) =>
    (
      await crm.users.employee.post('/api/crm/activities', {
        type: 'call',
        subject: 'Call back',
        contactId,
        dealId,
        dueDate: '2026-11-20T12:00:00.000Z',
      })
    ).body as { id: number };

  it('completes the activity, takes its contact and deal, and plans the follow-up in one save', async () => {
    const contact = await contactNamed('Nota Flow');
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Flow deal', contactId: contact.id })).body;
    const activity = await activityFor(contact.id, deal.id);
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'Wants a quote',
      outcome: 'answered',
      activityId: activity.id,
      next: { type: 'email', subject: 'Send the quote', dueDate: '2026-12-01T12:00:00.000Z', priority: 'high' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: contact.id, dealId: deal.id, activityId: activity.id });
    const done = (await crm.users.employee.get(`/api/crm/activities/${activity.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const next = (await crm.users.employee.get(`/api/crm/activities/${res.body.nextActivityId}`)).body;
    expect(next).toMatchObject({
      type: 'email',
      subject: 'Send the quote',
      status: 'pending',
      priority: 'high',
      dueDate: '2026-12-01T12:00:00.000Z',
      contactId: contact.id,
      dealId: deal.id,
      assignedTo: crm.users.ids.employee,
    });
    const timeline = (await crm.users.employee.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items as {
      entityType: string;
      entityId: number;
      action: string;
    }[];
    expect(timeline.slice(0, 3).map((e) => [e.entityType, e.entityId, e.action])).toEqual([
      ['activity', res.body.nextActivityId, 'created'],
      ['note', res.body.id, 'created'],
      ['activity', activity.id, 'updated'],
    ]);
  });

  it('leaves no note and no completed activity when the next step cannot be created', async () => {
    const contact = await contactNamed('Nota Rollback');
    const activity = await activityFor(contact.id);
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'Rolled back',
      activityId: activity.id,
      next: { type: 'task', subject: 'Never', dueDate: '2026-12-01T12:00:00.000Z', assignedTo: 999_999 },
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['assignedTo']);
    expect((await crm.users.employee.get(`/api/crm/notes?contact=${contact.id}`)).body.items).toEqual([]);
    expect((await crm.users.employee.get(`/api/crm/activities/${activity.id}`)).body.status).toBe('pending');
    const timeline = (await crm.users.employee.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items as {
      entityType: string;
    }[];
    expect(timeline.map((e) => e.entityType)).toEqual(['activity', 'contact']);
  });

  it("answers for someone else's activity as its update would: 404 unseen, 403 unchangeable", async () => {
    const contact = await contactNamed('Nota Foreign');
    const activity = await activityFor(contact.id);
    const post = (client: typeof crm.users.other, body = 'x') =>
      client.post('/api/crm/notes', { kind: 'note', body, activityId: activity.id });
    expect((await post(crm.users.other)).status).toBe(404);
    expect((await post(crm.users.other)).body.error.code).toBe('ACTIVITY.NOT_FOUND');
    expect((await post(crm.users.admin, 'by the admin')).status).toBe(201);
    const missing = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'x', activityId: 999_999 });
    expect(missing.status).toBe(404);
  });

  it('requires the next step to have a type, subject and due date', async () => {
    const contact = await contactNamed('Nota Next');
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'note',
      body: 'x',
      contactId: contact.id,
      next: { dueDate: null },
    });
    expect(res.status).toBe(400);
    expect(paths(res.body).sort()).toEqual(['next.dueDate', 'next.subject', 'next.type']);
  });
});
