import { describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

type Summary = { stage: string; dealCount: number; valueSum: string; weightedValueSum: string };

const createDeal = async (fields: Record<string, unknown>, client = crm.users.employee) => {
  const res = await client.post('/api/crm/deals', fields);
  expect(res.status).toBe(201);
  return res.body as { id: number; title: string; hasPendingActivity: boolean };
};
const summary = async (query: string): Promise<Record<string, Summary>> => {
  const res = await crm.users.employee.get(`/api/crm/pipeline-stages/default/summary?${query}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.items.map((s: Summary) => [s.stage, s]));
};
const titles = async (query: string): Promise<string[]> => {
  const res = await crm.users.employee.get(`/api/crm/deals?pipeline=default&order=position&${query}`);
  expect(res.status).toBe(200);
  return res.body.items.map((d: { title: string }) => d.title).sort();
};

describe('the pipeline board', () => {
  it('narrows the column totals and the cards by the same filters: owner, contact, value range, close date, title text', async () => {
    const tag = uniqueName('board');
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: `${tag} contact` })).body;
    await createDeal({
      title: `${tag} alpha`,
      stage: 'proposal',
      value: '1234.56',
      probability: 50,
      expectedCloseDate: '2026-01-10',
      contactId: contact.id,
    });
    await createDeal({
      title: `${tag} beta`,
      stage: 'proposal',
      value: '100.00',
      probability: 25,
      expectedCloseDate: '2026-03-01',
    });
    await createDeal({ title: `${tag} gamma`, stage: 'negotiation', value: '200.10', probability: 75 });
    await createDeal({ title: `${tag} delta`, stage: 'proposal', value: '50.00', probability: 10 }, crm.users.other);

    const all = await summary(`search=${tag}`);
    expect(all.proposal).toMatchObject({ dealCount: 3, valueSum: '1384.56', weightedValueSum: '647.28' });
    expect(all.negotiation).toMatchObject({ dealCount: 1, valueSum: '200.10', weightedValueSum: '150.08' });
    // Empty columns are there with zeros.
    expect(all.won).toMatchObject({ dealCount: 0, valueSum: '0.00', weightedValueSum: '0.00' });

    const mine = await summary(`search=${tag}&owner=${crm.users.ids.employee}`);
    expect(mine.proposal).toMatchObject({ dealCount: 2, valueSum: '1334.56' });
    expect(await titles(`search=${tag}&owner=${crm.users.ids.other}`)).toEqual([`${tag} delta`]);

    expect((await summary(`search=${tag}&contact=${contact.id}`)).proposal).toMatchObject({
      dealCount: 1,
      valueSum: '1234.56',
    });
    expect(await titles(`search=${tag}&contact=${contact.id}`)).toEqual([`${tag} alpha`]);

    const range = await summary(`search=${tag}&valueMin=100.00&valueMax=300`);
    expect(range.proposal).toMatchObject({ dealCount: 1, valueSum: '100.00', weightedValueSum: '25.00' });
    expect(range.negotiation).toMatchObject({ dealCount: 1 });
    expect(await titles(`search=${tag}&valueMin=100.00&valueMax=300`)).toEqual([`${tag} beta`, `${tag} gamma`]);

    expect((await summary(`search=${tag}&closeBy=2026-02-01`)).proposal).toMatchObject({
      dealCount: 1,
      valueSum: '1234.56',
    });
    expect(await titles(`search=${tag}&closeBy=2026-02-01`)).toEqual([`${tag} alpha`]);

    // Text in the title, case-insensitive, % taken literally.
    expect(await titles(`search=${tag.toUpperCase()}%20GAMMA`)).toEqual([`${tag} gamma`]);
    expect(await titles(`search=${tag}%25`)).toEqual([]);
  });

  it('takes a close window that moves with the days (closeWithin), as a saved view keeps it', async () => {
    const tag = uniqueName('window');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await createDeal({ title: `${tag} late`, stage: 'proposal', value: '10.00', expectedCloseDate: day(-3) });
    await createDeal({ title: `${tag} soon`, stage: 'proposal', value: '20.00', expectedCloseDate: day(5) });
    await createDeal({ title: `${tag} later`, stage: 'proposal', value: '40.00', expectedCloseDate: day(40) });
    await createDeal({ title: `${tag} undated`, stage: 'proposal', value: '80.00' });
    expect(await titles(`search=${tag}&closeWithin=30`)).toEqual([`${tag} late`, `${tag} soon`]);
    expect(await titles(`search=${tag}&closeWithin=0`)).toEqual([`${tag} late`]);
    expect((await summary(`search=${tag}&closeWithin=30`)).proposal).toMatchObject({ dealCount: 2, valueSum: '30.00' });
    // One window at a time: a day and a count of days together are refused, naming both.
    const both = await crm.users.employee.get(`/api/crm/deals?closeBy=${day(1)}&closeWithin=7`);
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body.error)).toMatch(/closeBy.*closeWithin|closeWithin.*closeBy/);
    const negative = await crm.users.employee.get('/api/crm/pipeline-stages/default/summary?closeWithin=-1');
    expect(negative.status).toBe(400);
    expect(negative.body.error.details[0].path).toBe('query.closeWithin');
  });

  it('names the field of a bad filter with a 400', async () => {
    const bad = await crm.users.employee.get('/api/crm/pipeline-stages/default/summary?valueMin=lots&closeBy=soon');
    expect(bad.status).toBe(400);
    const paths = bad.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['query.valueMin', 'query.closeBy']));
    expect((await crm.users.employee.get('/api/crm/deals?valueMax=1,5')).status).toBe(400);
  });

  it('tells whether a deal has a pending activity planned', async () => {
    const deal = await createDeal({ title: uniqueName('planned'), value: '10.00' });
    expect(deal.hasPendingActivity).toBe(false);
    const activity = await crm.users.employee.post('/api/crm/activities', {
      subject: 'Call back',
      type: 'call',
      dealId: deal.id,
    });
    expect(activity.status).toBe(201);
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.hasPendingActivity).toBe(true);
    await crm.users.employee.patch(`/api/crm/activities/${activity.body.id}`, { status: 'completed' });
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.hasPendingActivity).toBe(false);
  });

  it('gives each stage its stale-after days, 14 unless an admin sets another', async () => {
    const stages = (await crm.users.employee.get('/api/crm/pipeline-stages/default')).body.items;
    expect(stages.every((s: { staleDays: number }) => s.staleDays === 14)).toBe(true);
    const proposal = stages.find((s: { stage: string }) => s.stage === 'proposal');
    expect(
      (await crm.users.employee.patch(`/api/crm/pipeline-stages/default/${proposal.id}`, { staleDays: 7 })).status,
    ).toBe(403);
    const changed = await crm.users.admin.patch(`/api/crm/pipeline-stages/default/${proposal.id}`, { staleDays: 7 });
    expect(changed.body).toMatchObject({ stage: 'proposal', staleDays: 7 });
    expect(
      (await crm.users.admin.patch(`/api/crm/pipeline-stages/default/${proposal.id}`, { staleDays: 0 })).body.error
        .details[0].path,
    ).toBe('staleDays');
    await crm.users.admin.patch(`/api/crm/pipeline-stages/default/${proposal.id}`, { staleDays: 14 });
  });

  it('lists the lost reasons in order, ending with other', async () => {
    const res = await crm.users.employee.get('/api/crm/lost-reasons');
    expect(res.status).toBe(200);
    const keys = res.body.items.map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['price', 'competitor']));
    expect(keys.at(-1)).toBe('other');
    expect((await crm.server.client().get('/api/crm/lost-reasons')).status).toBe(401);
  });

  it('reopens a lost deal by moving it back, recorded in its timeline', async () => {
    const deal = await createDeal({ title: uniqueName('reopen'), value: '10.00' });
    await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, { stage: 'lost', lostReason: 'price' });
    const back = await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, { stage: 'proposal' });
    expect(back.body).toMatchObject({ stage: 'proposal', closedAt: null, lostReason: null });
    const timeline = await crm.users.other.get(`/api/crm/deals/${deal.id}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.items.map((e: { action: string }) => e.action)).toEqual(['updated', 'updated', 'created']);
    expect(timeline.body.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'stage', oldValue: 'lost', newValue: 'proposal' },
        { field: 'lostReason', oldValue: 'price', newValue: null },
      ]),
    );
    expect(timeline.body.items.every((e: { entityId: number }) => e.entityId === deal.id)).toBe(true);
    expect((await crm.users.other.get('/api/crm/deals/999999/timeline')).status).toBe(404);
  });
});
