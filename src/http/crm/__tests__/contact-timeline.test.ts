import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

describe('GET /api/crm/contacts/:id/timeline', () => {
  it('names who made each change, and marks the changes a bulk edit wrote', async () => {
    const created = await crm.users.employee.post('/api/crm/contacts', { name: 'Timeline Bulk' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await crm.users.employee.patch(`/api/crm/contacts/${id}`, { score: 30 })).status).toBe(200);
    expect(
      (await crm.users.employee.post('/api/crm/contacts/bulk', { ids: [id], action: 'update', status: 'customer' }))
        .status,
    ).toBe(200);

    const res = await crm.users.other.get(`/api/crm/contacts/${id}/timeline`);
    expect(res.status).toBe(200);
    const me = (await crm.users.employee.get('/api/user')).body as { name: string };
    const items = res.body.items as { action: string; bulk: boolean; userName: string; changes: unknown[] }[];
    expect(items.map((e) => [e.action, e.bulk, e.userName, e.changes])).toEqual([
      ['updated', true, me.name, [{ field: 'status', oldValue: 'lead', newValue: 'customer' }]],
      ['updated', false, me.name, [{ field: 'score', oldValue: 0, newValue: 30 }]],
      ['created', false, me.name, []],
    ]);
  });
});
