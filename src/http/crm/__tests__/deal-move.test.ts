import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

type Card = { id: number; title: string; stage: string; position: number; updatedAt: string; closedAt: string | null };

const createDeal = async (title: string, stage = 'prospecting'): Promise<Card> => {
  const res = await crm.users.employee.post('/api/crm/deals', { title, stage, value: '100.00' });
  expect(res.status).toBe(201);
  return res.body;
};
const column = async (stage: string): Promise<string[]> =>
  (await crm.users.employee.get(`/api/crm/deals?pipeline=default&stage=${stage}&order=position`)).body.items.map(
    (d: Card) => d.title,
  );
const timelineOf = (id: number) => crm.knex('crmTimeline').where({ entityType: 'deal', entityId: id }).orderBy('id');

describe('POST /api/crm/deals/:id/move', () => {
  it('moves a card to another column and between two cards, one timeline entry per stage change', async () => {
    const first = await createDeal('Move first', 'negotiation');
    const second = await createDeal('Move second', 'negotiation');
    const card = await createDeal('Move card');

    const last = await crm.users.employee.post(`/api/crm/deals/${card.id}/move`, { stage: 'negotiation' });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ id: card.id, stage: 'negotiation', closedAt: null });
    expect(await column('negotiation')).toEqual(['Move first', 'Move second', 'Move card']);

    const between = await crm.users.employee.post(`/api/crm/deals/${card.id}/move`, {
      stage: 'negotiation',
      position: (first.position + second.position) / 2,
    });
    expect(between.status).toBe(200);
    expect(await column('negotiation')).toEqual(['Move first', 'Move card', 'Move second']);
    // Only the moved card was written.
    expect((await crm.users.employee.get(`/api/crm/deals/${second.id}`)).body.updatedAt).toBe(second.updatedAt);
    const entries = await timelineOf(card.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(entries[1].changes).toEqual([
      { field: 'stage', oldValue: 'prospecting', newValue: 'negotiation' },
      // The card takes its new stage's probability (it was not set by hand).
      { field: 'probability', oldValue: 10, newValue: 75 },
    ]);
  });

  it('closes on won, wants a lost reason for lost, and changes nothing when refused', async () => {
    const card = await createDeal('Move closing');
    const noReason = await crm.users.employee.post(`/api/crm/deals/${card.id}/move`, { stage: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('DEAL.LOST_REASON_REQUIRED');
    expect((await crm.users.employee.get(`/api/crm/deals/${card.id}`)).body).toMatchObject({
      stage: 'prospecting',
      updatedAt: card.updatedAt,
    });

    const lost = await crm.users.employee.post(`/api/crm/deals/${card.id}/move`, {
      stage: 'lost',
      lostReason: 'Price',
    });
    expect(lost.body).toMatchObject({ stage: 'lost', lostReason: 'Price' });
    expect(lost.body.closedAt).not.toBeNull();
    const won = await crm.users.employee.post(`/api/crm/deals/${card.id}/move`, { stage: 'won' });
    expect(won.body.closedAt).not.toBeNull();
  });

  it("refuses a stage of another pipeline, someone else's deal, a stale version and unknown fields", async () => {
    const elsewhere = await crm.users.admin.post('/api/crm/pipelines', {
      key: 'elsewhere',
      name: 'Elsewhere',
      stages: [{ stage: 'far away' }, { stage: 'far won', kind: 'won' }, { stage: 'far lost', kind: 'lost' }],
    });
    expect(elsewhere.status).toBe(201);
    const card = await createDeal('Move refused');
    const move = (body: object, client = crm.users.employee) => client.post(`/api/crm/deals/${card.id}/move`, body);

    const foreign = await move({ stage: 'far away' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: 'DEAL.INVALID_STAGE',
      details: [expect.objectContaining({ path: 'stage' })],
    });
    expect((await move({ stage: 'nowhere' })).body.error.code).toBe('DEAL.INVALID_STAGE');

    expect((await move({ stage: 'proposal' }, crm.users.other)).status).toBe(403);
    expect((await crm.users.employee.post('/api/crm/deals/987654/move', { stage: 'proposal' })).status).toBe(404);

    const missing = await move({});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ path: 'stage' })]);
    const nowhere = await move({ stage: 'proposal', pipeline: 'nowhere' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.details).toEqual([expect.objectContaining({ path: 'pipeline' })]);

    expect((await move({ stage: 'proposal', updatedAt: card.updatedAt })).status).toBe(200);
    const stale = await move({ stage: 'negotiation', updatedAt: card.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('RESOURCE.CONFLICT');
    const current = (await crm.users.employee.get(`/api/crm/deals/${card.id}`)).body;
    expect(current.stage).toBe('proposal');
    expect((await timelineOf(card.id)).map((e) => e.action)).toEqual(['created', 'updated']);
  });
});
