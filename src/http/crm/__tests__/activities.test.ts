import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const ids = (body: { items: { id: number }[] }) => body.items.map((a) => a.id);

describe('activities', () => {
  it('creates assigned to the creator, with contact and deal names', async () => {
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Carla' })).body;
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Renewal', contactId: contact.id })).body;
    const res = await crm.users.employee.post('/api/crm/activities', {
      type: 'meeting',
      subject: 'Kick-off',
      dueDate: '2026-12-01T14:30:00.000Z',
      duration: 45,
      contactId: contact.id,
      dealId: deal.id,
      createdBy: crm.users.ids.admin,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'meeting',
      status: 'pending',
      priority: 'normal',
      dueDate: '2026-12-01T14:30:00.000Z',
      duration: 45,
      completedAt: null,
      contactName: 'Carla',
      dealTitle: 'Renewal',
      assignedTo: crm.users.ids.employee,
      createdBy: crm.users.ids.employee,
    });
  });

  it('validates type, duration, dueDate and references', async () => {
    const res = await crm.users.employee.post('/api/crm/activities', {
      subject: 'x',
      type: 'party',
      duration: 0,
      dueDate: 'tomorrow',
      priority: 'meh',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'dueDate',
      'duration',
      'priority',
      'type',
    ]);
    const badDeal = await crm.users.employee.post('/api/crm/activities', { subject: 'x', dealId: 424242 });
    expect(badDeal.body.error.details).toEqual([expect.objectContaining({ path: 'dealId' })]);
    expect((await crm.users.employee.post('/api/crm/activities', { subject: 'x', duration: 1.5 })).status).toBe(400);
    const ancient = await crm.users.employee.post('/api/crm/activities', {
      subject: 'x',
      dueDate: '0000-01-01T00:00:00Z',
    });
    expect(ancient.body.error.details).toEqual([expect.objectContaining({ path: 'dueDate' })]);
  });

  it('completing stamps completedAt and reopening clears it', async () => {
    const act = (await crm.users.employee.post('/api/crm/activities', { subject: 'Call back', type: 'call' })).body;
    const done = await crm.users.employee.patch(`/api/crm/activities/${act.id}`, { status: 'completed' });
    expect(done.body.completedAt).not.toBeNull();
    const reopened = await crm.users.employee.patch(`/api/crm/activities/${act.id}`, { status: 'pending' });
    expect(reopened.body.completedAt).toBeNull();
  });

  it('keeps activities private to assignee, creator and admins', async () => {
    const mine = (await crm.users.employee.post('/api/crm/activities', { subject: 'Private task' })).body;
    const forOther = (
      await crm.users.employee.post('/api/crm/activities', { subject: 'Delegated', assignedTo: crm.users.ids.other })
    ).body;
    const othersOwn = (await crm.users.other.post('/api/crm/activities', { subject: 'Not yours', type: 'email' })).body;
    expect((await crm.users.other.get(`/api/crm/activities/${mine.id}`)).status).toBe(404);
    expect((await crm.users.developer.get(`/api/crm/activities/${mine.id}`)).status).toBe(404);
    expect((await crm.users.other.patch(`/api/crm/activities/${mine.id}`, { subject: 'x' })).status).toBe(404);
    expect((await crm.users.developer.delete(`/api/crm/activities/${mine.id}`)).status).toBe(404);
    expect((await crm.users.admin.get(`/api/crm/activities/${mine.id}`)).status).toBe(200);
    expect((await crm.users.other.patch(`/api/crm/activities/${forOther.id}`, { status: 'completed' })).status).toBe(
      200,
    );
    const employeeSees = ids((await crm.users.employee.get('/api/crm/activities?type=all&limit=200')).body);
    expect(employeeSees).toContain(mine.id);
    expect(employeeSees).toContain(forOther.id);
    expect(employeeSees).not.toContain(othersOwn.id);
    expect(
      ids((await crm.users.other.get(`/api/crm/activities?assignedTo=${crm.users.ids.other}&type=email`)).body),
    ).toEqual([othersOwn.id]);
    expect(ids((await crm.users.other.get(`/api/crm/activities?assignedTo=${crm.users.ids.employee}`)).body)).toEqual(
      [],
    );
    expect(
      ids((await crm.users.admin.get(`/api/crm/activities?assignedTo=${crm.users.ids.other}&status=completed`)).body),
    ).toEqual([forOther.id]);
    expect((await crm.users.other.delete(`/api/crm/activities/${forOther.id}`)).status).toBe(204);
    expect(await crm.knex('activities').where({ id: forOther.id }).first()).toBeUndefined();
  });

  it('answers 409 on a stale updatedAt and writes nothing', async () => {
    const act = (await crm.users.employee.post('/api/crm/activities', { subject: 'Versioned' })).body;
    await crm.users.employee.patch(`/api/crm/activities/${act.id}`, { priority: 'high' });
    const stale = await crm.users.employee.patch(`/api/crm/activities/${act.id}`, {
      priority: 'low',
      updatedAt: act.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.priority).toBe('high');
  });
});

describe('timeline', () => {
  it("records creates, field changes and deletes with who and when, on the contact's timeline", async () => {
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Timeline Inc' })).body;
    await crm.users.employee.patch(`/api/crm/contacts/${contact.id}`, { status: 'customer', score: 10 });
    const deal = (await crm.users.other.post('/api/crm/deals', { title: 'TL deal', contactId: contact.id })).body;
    await crm.users.other.patch(`/api/crm/deals/${deal.id}`, { value: '20.00' });
    const privateAct = (await crm.users.other.post('/api/crm/activities', { subject: 'TL private', dealId: deal.id }))
      .body;
    await crm.users.other.delete(`/api/crm/deals/${deal.id}`);

    const own = (await crm.users.other.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items;
    expect(own.map((e: { entityType: string; action: string }) => `${e.entityType}:${e.action}`)).toEqual([
      'deal:deleted',
      'activity:created',
      'deal:updated',
      'deal:created',
      'contact:updated',
      'contact:created',
    ]);
    const contactUpdate = own.find(
      (e: { entityType: string; action: string }) => e.entityType === 'contact' && e.action === 'updated',
    );
    expect(contactUpdate).toMatchObject({ userId: crm.users.ids.employee, entityName: 'Timeline Inc' });
    expect(contactUpdate.userName).toMatch(/^Name employee/);
    expect(contactUpdate.changes).toEqual([
      { field: 'status', oldValue: 'lead', newValue: 'customer' },
      { field: 'score', oldValue: 0, newValue: 10 },
    ]);
    expect(new Date(contactUpdate.at).getTime()).toBeGreaterThan(0);
    const dealUpdate = own.find(
      (e: { entityType: string; action: string }) => e.entityType === 'deal' && e.action === 'updated',
    );
    expect(dealUpdate.changes).toEqual([{ field: 'value', oldValue: '0.00', newValue: '20.00' }]);

    // Someone who may not read the activity does not see its entries.
    const theirs = (await crm.users.employee.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items;
    expect(
      theirs.some(
        (e: { entityId: number; entityType: string }) => e.entityType === 'activity' && e.entityId === privateAct.id,
      ),
    ).toBe(false);
    const team = (await crm.users.admin.get('/api/crm/timeline?limit=3')).body;
    expect(team.items).toHaveLength(3);
    expect(team.items[0]).toMatchObject({ entityType: 'deal', action: 'deleted', entityName: 'TL deal' });
    expect(team.nextCursor).toEqual(expect.any(String));
    expect((await crm.users.employee.get('/api/crm/contacts/999999/timeline')).status).toBe(404);
  });
});
