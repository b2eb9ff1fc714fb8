import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

describe('deals', () => {
  it('creates in the first stage of the default pipeline with the contact name shown', async () => {
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: 'Buyer Ltd' })).body;
    const res = await crm.users.employee.post('/api/crm/deals', {
      title: 'Big sale',
      value: '1500.5',
      contactId: contact.id,
      createdBy: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Big sale',
      value: '1500.50',
      currency: 'BRL',
      pipeline: 'default',
      stage: 'prospecting',
      probability: 10,
      probabilityManual: false,
      closedAt: null,
      contactId: contact.id,
      contactName: 'Buyer Ltd',
      ownerId: crm.users.ids.employee,
      createdBy: crm.users.ids.employee,
    });
  });

  it('accepts 9999999999.99 and refuses 10000000000.00, more decimals or negatives, naming value', async () => {
    const ok = await crm.users.employee.post('/api/crm/deals', { title: 'Max', value: '9999999999.99' });
    expect(ok.status).toBe(201);
    expect(ok.body.value).toBe('9999999999.99');
    for (const value of ['10000000000.00', '1.001', '-1', '1e3', 1500]) {
      const res = await crm.users.employee.post('/api/crm/deals', { title: 'Too much', value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'value' })]);
    }
  });

  it('validates stage, probability, dates and references', async () => {
    const stage = await crm.users.employee.post('/api/crm/deals', { title: 'x', stage: 'nope' });
    expect(stage.status).toBe(400);
    expect(stage.body.error).toMatchObject({
      code: 'DEAL.INVALID_STAGE',
      details: [expect.objectContaining({ path: 'stage' })],
    });
    const many = await crm.users.employee.post('/api/crm/deals', {
      title: '',
      probability: 101,
      expectedCloseDate: '2026-02-30',
      contactId: 0,
    });
    expect(many.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'contactId',
      'expectedCloseDate',
      'probability',
      'title',
    ]);
    const ancient = await crm.users.employee.post('/api/crm/deals', { title: 'x', expectedCloseDate: '0000-01-01' });
    expect(ancient.body.error.details).toEqual([expect.objectContaining({ path: 'expectedCloseDate' })]);
    const missing = await crm.users.employee.post('/api/crm/deals', { title: 'x', contactId: 987654 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ path: 'contactId' })]);
  });

  it('closes on won or lost (lost asks a reason) and reopens on an open stage', async () => {
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Closing', value: '10' })).body;
    const won = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { stage: 'won' });
    expect(won.body.closedAt).not.toBeNull();
    const noReason = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { stage: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('DEAL.LOST_REASON_REQUIRED');
    const lost = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { stage: 'lost', lostReason: 'Price' });
    expect(lost.body).toMatchObject({ stage: 'lost', lostReason: 'Price' });
    expect(lost.body.closedAt).not.toBeNull();
    const reopened = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { stage: 'proposal' });
    expect(reopened.body).toMatchObject({ stage: 'proposal', closedAt: null, lostReason: null });
  });

  it('filters by pipeline, stage, owner and contact', async () => {
    const contact = (await crm.users.other.post('/api/crm/contacts', { name: 'Filter Co' })).body;
    const deal = (
      await crm.users.other.post('/api/crm/deals', { title: 'Filtered', stage: 'negotiation', contactId: contact.id })
    ).body;
    const ids = async (q: string) =>
      (await crm.users.employee.get(`/api/crm/deals?${q}`)).body.items.map((d: { id: number }) => d.id);
    expect(await ids(`pipeline=default&stage=negotiation&owner=${crm.users.ids.other}`)).toEqual([deal.id]);
    expect(await ids(`contact=${contact.id}`)).toEqual([deal.id]);
    expect(await ids('pipeline=elsewhere')).toEqual([]);
  });

  it('lets only owners, creators and admins change deals', async () => {
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Guarded' })).body;
    expect((await crm.users.developer.get(`/api/crm/deals/${deal.id}`)).status).toBe(200);
    expect((await crm.users.developer.patch(`/api/crm/deals/${deal.id}`, { title: 'no' })).status).toBe(403);
    expect((await crm.users.other.delete(`/api/crm/deals/${deal.id}`)).status).toBe(403);
    const handed = await crm.users.admin.patch(`/api/crm/deals/${deal.id}`, { ownerId: crm.users.ids.other });
    expect(handed.body.ownerId).toBe(crm.users.ids.other);
    // The creator keeps the right to change it; the new owner gains it.
    expect((await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { probability: 40 })).status).toBe(200);
    expect((await crm.users.other.patch(`/api/crm/deals/${deal.id}`, { probability: 60 })).status).toBe(200);
    expect((await crm.users.other.delete(`/api/crm/deals/${deal.id}`)).status).toBe(204);
  });
});

describe('pipeline stages', () => {
  it('lists the default pipeline by order', async () => {
    const res = await crm.users.employee.get('/api/crm/pipeline-stages/default');
    expect(res.body.items.map((s: { stage: string }) => s.stage)).toEqual([
      'prospecting',
      'qualification',
      'proposal',
      'negotiation',
      'won',
      'lost',
    ]);
  });

  it('is changed by admins only, renames carry deals, deletes refuse stages in use', async () => {
    for (const client of [crm.users.employee, crm.users.developer]) {
      expect((await client.post('/api/crm/pipeline-stages/default', { stage: 'new' })).status).toBe(403);
    }
    // A stage goes into a pipeline that exists.
    const nowhere = await crm.users.admin.post('/api/crm/pipeline-stages/sales', { stage: 'new' });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.error.code).toBe('PIPELINE.NOT_FOUND');
    const created = await crm.users.admin.post('/api/crm/pipelines', {
      key: 'sales',
      name: 'Sales',
      stages: [
        { stage: 'new', color: '#112233' },
        { stage: 'done', kind: 'won', probability: 100 },
        { stage: 'gone', kind: 'lost' },
      ],
    });
    expect(created.status).toBe(201);
    const [a, b, c] = (await crm.users.employee.get('/api/crm/pipeline-stages/sales')).body.items;
    expect([a.order, b.order, c.order]).toEqual([1, 2, 3]);
    const later = (await crm.users.admin.post('/api/crm/pipeline-stages/sales', { stage: 'later' })).body;
    expect(later.order).toBe(4);
    expect((await crm.users.admin.post('/api/crm/pipeline-stages/sales', { stage: 'NEW' })).body.error.code).toBe(
      'STAGE.NAME_TAKEN',
    );
    const deal = (
      await crm.users.employee.post('/api/crm/deals', {
        title: 'In sales',
        pipeline: 'sales',
        value: '100',
        probability: 50,
      })
    ).body;
    expect(deal.stage).toBe('new');
    const renamed = await crm.users.admin.patch(`/api/crm/pipeline-stages/sales/${a.id}`, {
      stage: 'fresh',
      color: '#445566',
    });
    expect(renamed.body).toMatchObject({ stage: 'fresh', color: '#445566' });
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.stage).toBe('fresh');
    expect(
      (await crm.users.employee.patch(`/api/crm/pipeline-stages/sales/${a.id}`, { color: '#000000' })).status,
    ).toBe(403);
    const reordered = await crm.users.admin.request('PUT', '/api/crm/pipeline-stages/sales/order', {
      stageIds: [later.id, a.id, b.id, c.id],
    });
    expect(reordered.body.items.map((s: { id: number }) => s.id)).toEqual([later.id, a.id, b.id, c.id]);
    expect(
      (await crm.users.admin.request('PUT', '/api/crm/pipeline-stages/sales/order', { stageIds: [b.id] })).status,
    ).toBe(400);
    // Every pipeline opens with an open stage and keeps one of each kind, not the default one only.
    const wonFirst = await crm.users.admin.request('PUT', '/api/crm/pipeline-stages/sales/order', {
      stageIds: [b.id, later.id, a.id, c.id],
    });
    expect(wonFirst.status).toBe(400);
    const lastWon = await crm.users.admin.delete(`/api/crm/pipeline-stages/sales/${b.id}`);
    expect(lastWon.status).toBe(409);
    expect(lastWon.body.error.code).toBe('STAGE.LAST_OF_KIND');
    const inUse = await crm.users.admin.delete(`/api/crm/pipeline-stages/sales/${a.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('STAGE.IN_USE');
    expect((await crm.users.admin.delete(`/api/crm/pipeline-stages/default/${later.id}`)).status).toBe(404);
    expect((await crm.users.admin.delete(`/api/crm/pipeline-stages/sales/${later.id}`)).status).toBe(204);
    const summary = (await crm.users.employee.get('/api/crm/pipeline-stages/sales/summary')).body.items;
    expect(summary).toEqual([
      expect.objectContaining({ stage: 'fresh', dealCount: 1, valueSum: '100.00', weightedValueSum: '50.00' }),
      expect.objectContaining({ stage: 'done', dealCount: 0 }),
      expect.objectContaining({ stage: 'gone', dealCount: 0 }),
    ]);
    const rows = await crm.knex('pipeline_stages').where({ pipeline: 'sales' });
    expect(rows).toHaveLength(3);
  });
});
