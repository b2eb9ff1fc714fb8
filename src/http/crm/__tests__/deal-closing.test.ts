import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../domain/shared/clock';
import { startTestServer, uniqueName, type TestServer } from '../../../../tests/support/test-server';
import { createCrmUsers, type CrmUsers } from './crm-test-kit';

// Before noon UTC: a deal won "today" is not stamped at a noon still to come.
const NOW = new Date('2026-06-15T10:30:00Z');
const clock: Clock = { now: () => NOW };

let server: TestServer;
let users: CrmUsers;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  users = await createCrmUsers(server);
});

afterAll(async () => {
  await server?.stop();
});

type Deal = { id: number; stage: string; probability: number; closedAt: string | null; updatedAt: string };
type Summary = { stage: string; kind: string; dealCount: number; valueSum: string; weightedValueSum: string };

const create = async (fields: Record<string, unknown>): Promise<Deal> => {
  const res = await users.employee.post('/api/crm/deals', { title: uniqueName('closing'), ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const move = (deal: Deal, body: object) => users.employee.post(`/api/crm/deals/${deal.id}/move`, body);
const summary = async (query = ''): Promise<Record<string, Summary>> => {
  const res = await users.employee.get(`/api/crm/pipeline-stages/default/summary${query}`);
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(res.body.items.map((s: Summary) => [s.stage, s]));
};

describe('closing a deal on the day it was won or lost (POST move closedAt)', () => {
  it('stores the day given as closedAt: noon UTC of a past day, now for today', async () => {
    const past = await create({ value: '100.00' });
    const won = await move(past, { stage: 'won', closedAt: '2026-06-10' });
    expect(won.status, won.text).toBe(200);
    expect(won.body).toMatchObject({ stage: 'won', closedAt: '2026-06-10T12:00:00.000Z', expectedCloseDate: null });

    const today = await create({ value: '100.00' });
    expect((await move(today, { stage: 'won', closedAt: '2026-06-15' })).body.closedAt).toBe(NOW.toISOString());

    const lost = await create({ value: '100.00' });
    const res = await move(lost, { stage: 'lost', lostReason: 'price', closedAt: '2026-06-01' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ stage: 'lost', closedAt: '2026-06-01T12:00:00.000Z' });

    // Left out: now, as before.
    const plain = await create({ value: '100.00' });
    expect((await move(plain, { stage: 'won' })).body.closedAt).toBe(NOW.toISOString());
    // A closed deal given another day keeps its column and takes the day.
    expect((await move(past, { stage: 'won', closedAt: '2026-06-09' })).body.closedAt).toBe('2026-06-09T12:00:00.000Z');
  });

  it('refuses a day after today, an open stage, or not a date, naming closedAt, and changes nothing', async () => {
    const deal = await create({ value: '100.00' });
    for (const body of [
      { stage: 'won', closedAt: '2026-06-16' },
      { stage: 'proposal', closedAt: '2026-06-10' },
      { stage: 'won', closedAt: '10/06/2026' },
      { stage: 'won', closedAt: '2026-02-30' },
      { stage: 'lost', lostReason: 'price', closedAt: '2027-01-01' },
    ]) {
      const res = await move(deal, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details, JSON.stringify(body)).toEqual([expect.objectContaining({ path: 'closedAt' })]);
    }
    expect((await users.employee.get(`/api/crm/deals/${deal.id}`)).body).toMatchObject({
      stage: 'prospecting',
      closedAt: null,
      updatedAt: deal.updatedAt,
    });
  });

  it("counts the won value in the reports on closedAt's day", async () => {
    const deal = await create({ value: '4321.00' });
    expect((await move(deal, { stage: 'won', closedAt: '2026-06-12' })).status).toBe(200);
    expect((await users.admin.post('/api/crm/reports/refresh')).status).toBe(202);
    let figures: { wonOverTime: { bucket: string; count: number; value: string }[] } | null = null;
    for (let i = 0; i < 200; i++) {
      const res = await users.admin.get('/api/crm/reports?period=7');
      figures = res.body.figures;
      if (figures?.wonOverTime.some((b) => b.bucket === '2026-06-12' && b.count > 0)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(figures!.wonOverTime.find((b) => b.bucket === '2026-06-12')).toEqual({
      bucket: '2026-06-12',
      count: 1,
      value: '4321.00',
    });
    expect(figures!.wonOverTime.find((b) => b.bucket === '2026-06-15')).toMatchObject({ count: 2, value: '200.00' });
  });
});

describe('closed deals are out of the forecast', () => {
  it('a won or lost column weighs nothing, filtered or not; the won value still counts as its value', async () => {
    const tag = uniqueName('forecast');
    const won = await create({ title: `${tag} won`, value: '1000.00', stage: 'negotiation', probability: 75 });
    const lost = await create({ title: `${tag} lost`, value: '75000.00', stage: 'negotiation', probability: 75 });
    const open = await create({ title: `${tag} open`, value: '2000.00', stage: 'proposal' });
    expect((await move(won, { stage: 'won' })).status).toBe(200);
    expect((await move(lost, { stage: 'lost', lostReason: 'price' })).status).toBe(200);

    for (const query of ['', `?search=${encodeURIComponent(tag)}`]) {
      const columns = await summary(query);
      expect(columns.lost!.weightedValueSum, `lost ${query}`).toBe('0.00');
      expect(columns.won!.weightedValueSum, `won ${query}`).toBe('0.00');
      expect(Number(columns.won!.valueSum), query).toBeGreaterThanOrEqual(1000);
    }
    const filtered = await summary(`?search=${encodeURIComponent(tag)}`);
    expect(filtered.won).toMatchObject({ dealCount: 1, valueSum: '1000.00', weightedValueSum: '0.00' });
    expect(filtered.lost).toMatchObject({ dealCount: 1, valueSum: '75000.00', weightedValueSum: '0.00' });
    expect(filtered.proposal).toMatchObject({ dealCount: 1, valueSum: '2000.00', weightedValueSum: '1000.00' });
    expect(open.probability).toBe(50);

    // The reports' forecast: open deals only.
    const forecast = await users.admin.get('/api/crm/reports/forecast');
    const undated = forecast.body.rows.find((r: { bucket: string }) => r.bucket === 'undated');
    const openDeals = (await users.admin.get('/api/crm/deals?pipeline=default&limit=100')).body.items.filter(
      (d: Deal & { expectedCloseDate: string | null }) =>
        !['won', 'lost'].includes(d.stage) && d.expectedCloseDate === null,
    );
    expect(undated.count).toBe(openDeals.length);
  });
});
