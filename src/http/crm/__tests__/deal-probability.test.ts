import { describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

type Deal = { id: number; stage: string; probability: number; probabilityManual: boolean; updatedAt: string };

const create = async (fields: Record<string, unknown>): Promise<Deal> => {
  const res = await crm.users.employee.post('/api/crm/deals', {
    title: uniqueName('chance'),
    value: '1000.00',
    ...fields,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const move = async (deal: Deal, stage: string, more: object = {}): Promise<Deal> => {
  const res = await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, { stage, ...more });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const patch = async (deal: Deal, body: object): Promise<Deal> => {
  const res = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, body);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const chance = ({ probability, probabilityManual }: Deal) => ({ probability, probabilityManual });

describe("a deal's probability follows its stage unless set by hand", () => {
  it("starts at its stage's when created without one (the API gave 0)", async () => {
    expect(chance(await create({}))).toEqual({ probability: 10, probabilityManual: false });
    expect(chance(await create({ stage: 'qualification' }))).toEqual({ probability: 25, probabilityManual: false });
    expect(chance(await create({ stage: 'proposal', probability: null }))).toEqual({
      probability: 50,
      probabilityManual: false,
    });
    expect(chance(await create({ stage: 'won' }))).toEqual({ probability: 100, probabilityManual: false });
  });

  it("takes the new stage's when dragged, moved or edited to another stage", async () => {
    const deal = await create({});
    expect(chance(await move(deal, 'qualification'))).toEqual({ probability: 25, probabilityManual: false });
    expect(chance(await move(deal, 'negotiation', { position: 0.5 }))).toEqual({
      probability: 75,
      probabilityManual: false,
    });
    expect(chance(await patch(deal, { stage: 'proposal' }))).toEqual({ probability: 50, probabilityManual: false });
    const timeline = await crm
      .knex('crmTimeline')
      .where({ entityType: 'deal', entityId: deal.id, action: 'updated' })
      .orderBy('id');
    expect(timeline[0].changes).toEqual([
      { field: 'stage', oldValue: 'prospecting', newValue: 'qualification' },
      { field: 'probability', oldValue: 10, newValue: 25 },
    ]);
  });

  it('keeps a probability set by hand through moves, and hands it back to the stage on probability null', async () => {
    const typed = await create({ stage: 'qualification', probability: 5 });
    expect(chance(typed)).toEqual({ probability: 5, probabilityManual: true });
    expect(chance(await move(typed, 'proposal'))).toEqual({ probability: 5, probabilityManual: true });

    const deal = await create({});
    const edited = await patch(deal, { probability: 60 });
    expect(chance(edited)).toEqual({ probability: 60, probabilityManual: true });
    expect(chance(await move(deal, 'negotiation'))).toEqual({ probability: 60, probabilityManual: true });
    // Another edit that leaves the probability out keeps it set by hand.
    expect(chance(await patch(deal, { title: uniqueName('renamed') }))).toEqual({
      probability: 60,
      probabilityManual: true,
    });
    // Set by hand to the stage's own value: still by hand (it stays when the stage changes).
    expect(chance(await patch(deal, { probability: 75 }))).toEqual({ probability: 75, probabilityManual: true });
    expect(chance(await move(deal, 'proposal'))).toEqual({ probability: 75, probabilityManual: true });

    const automatic = await patch(deal, { probability: null });
    expect(chance(automatic)).toEqual({ probability: 50, probabilityManual: false });
    expect(chance(await move(deal, 'qualification'))).toEqual({ probability: 25, probabilityManual: false });
    // The answer of a read says so too.
    expect(chance((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body)).toEqual({
      probability: 25,
      probabilityManual: false,
    });
  });

  it('refuses a probability outside 0-100 or not a whole number, naming probability', async () => {
    const deal = await create({});
    for (const probability of [101, -1, 2.5, 'high']) {
      const res = await crm.users.employee.patch(`/api/crm/deals/${deal.id}`, { probability });
      expect(res.status, String(probability)).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'probability' })]);
    }
  });

  it("follows an admin's change of the stage's probability and a stage deleted into another, hand-set ones kept", async () => {
    const stage = (
      await crm.users.admin.post('/api/crm/pipeline-stages/default', {
        stage: uniqueName('chance stage'),
        probability: 30,
      })
    ).body;
    const automatic = await create({ stage: stage.stage });
    const typed = await create({ stage: stage.stage, probability: 90 });
    expect(chance(automatic)).toEqual({ probability: 30, probabilityManual: false });

    const changed = await crm.users.admin.patch(`/api/crm/pipeline-stages/default/${stage.id}`, { probability: 40 });
    expect(changed.status, changed.text).toBe(200);
    const after = (await crm.users.employee.get(`/api/crm/deals/${automatic.id}`)).body;
    expect(chance(after)).toEqual({ probability: 40, probabilityManual: false });
    // Not worked on: its version (and the board's stale mark) stays.
    expect(after.updatedAt).toBe(automatic.updatedAt);
    expect(chance((await crm.users.employee.get(`/api/crm/deals/${typed.id}`)).body)).toEqual({
      probability: 90,
      probabilityManual: true,
    });

    expect(
      (await crm.users.admin.delete(`/api/crm/pipeline-stages/default/${stage.id}?moveTo=negotiation`)).status,
    ).toBe(204);
    expect(chance((await crm.users.employee.get(`/api/crm/deals/${automatic.id}`)).body)).toEqual({
      probability: 75,
      probabilityManual: false,
    });
    expect(chance((await crm.users.employee.get(`/api/crm/deals/${typed.id}`)).body)).toEqual({
      probability: 90,
      probabilityManual: true,
    });
  });
});
