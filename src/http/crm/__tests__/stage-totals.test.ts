import { describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const STAGES = '/api/crm/pipeline-stages/default';
type Summary = { stage: string; dealCount: number; valueSum: string; weightedValueSum: string };

/** The unfiltered board's summary (read from the maintained totals). */
const summary = async (): Promise<Summary[]> => {
  const res = await crm.users.employee.get(`${STAGES}/summary`);
  expect(res.status).toBe(200);
  return res.body.items.map(({ stage, dealCount, valueSum, weightedValueSum }: Summary) => ({
    stage,
    dealCount,
    valueSum,
    weightedValueSum,
  }));
};

/** The same figures aggregated afresh from every deal. */
const aggregated = async (): Promise<Summary[]> => {
  const { rows } = await crm.knex.raw(`
    SELECT s.stage, count(d.id)::int AS "dealCount", coalesce(sum(d.value), 0)::numeric(20, 2)::text AS "valueSum",
           -- Closed stages are not forecast.
           round(CASE WHEN s.kind = 'open' THEN coalesce(sum(d.value * d.probability), 0) ELSE 0 END / 100, 2)::numeric(20, 2)::text AS "weightedValueSum"
      FROM pipeline_stages s LEFT JOIN deals d ON d.pipeline = s.pipeline AND d.stage = s.stage
     WHERE s.pipeline = 'default' GROUP BY s.stage, s.kind, s."order" ORDER BY s."order"`);
  return rows;
};

const expectTotalsRight = async (after: string) => expect(await summary(), after).toEqual(await aggregated());

const createDeal = async (fields: Record<string, unknown>) => {
  const res = await crm.users.employee.post('/api/crm/deals', { title: uniqueName('total'), ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; updatedAt: string };
};

describe("the board's stage totals", () => {
  it('stay equal to a fresh aggregate after creating, editing, moving, deleting deals, bulk writes and deleting a stage', async () => {
    const a = await createDeal({ stage: 'proposal', value: '1234.56', probability: 50 });
    const b = await createDeal({ stage: 'proposal', value: '100.00', probability: 25 });
    const c = await createDeal({ stage: 'negotiation', value: '200.10', probability: 75 });
    await expectTotalsRight('create');
    expect((await summary()).find((s) => s.stage === 'proposal')!.dealCount).toBeGreaterThanOrEqual(2);

    const edited = await crm.users.employee.patch(`/api/crm/deals/${a.id}`, {
      value: '999.99',
      probability: 80,
      updatedAt: a.updatedAt,
    });
    expect(edited.status, edited.text).toBe(200);
    await expectTotalsRight('edit value and probability');

    const moved = await crm.users.employee.post(`/api/crm/deals/${b.id}/move`, { stage: 'negotiation' });
    expect(moved.status, moved.text).toBe(200);
    await expectTotalsRight('move to another column');
    const reordered = await crm.users.employee.post(`/api/crm/deals/${c.id}/move`, {
      stage: 'negotiation',
      position: 0.5,
    });
    expect(reordered.status, reordered.text).toBe(200);
    await expectTotalsRight('reorder within a column');

    expect((await crm.users.employee.delete(`/api/crm/deals/${c.id}`)).status).toBe(204);
    await expectTotalsRight('delete');

    // Many rows in one statement each (as an import or a bulk change writes them).
    await crm.knex.raw(
      `INSERT INTO deals (title, value, stage, probability) SELECT 'bulk ' || g, g * 10.25, (array['prospecting','proposal','won'])[1 + g % 3], g % 100 FROM generate_series(1, 30) g`,
    );
    await crm.knex.raw(
      `UPDATE deals SET stage = 'qualification', value = value + 1 WHERE title LIKE 'bulk %' AND stage = 'prospecting'`,
    );
    await crm.knex.raw(`DELETE FROM deals WHERE title LIKE 'bulk %' AND stage = 'won'`);
    await expectTotalsRight('bulk insert, update and delete');

    const doomed = (await crm.users.admin.post(STAGES, { stage: uniqueName('doomed') })).body as {
      id: number;
      stage: string;
      updatedAt: string;
    };
    await createDeal({ stage: doomed.stage, value: '10.00', probability: 10 });
    await createDeal({ stage: doomed.stage, value: '20.00', probability: 20 });
    await expectTotalsRight('deals in a new stage');
    const renamed = await crm.users.admin.patch(`${STAGES}/${doomed.id}`, {
      stage: `${doomed.stage} v2`,
      updatedAt: doomed.updatedAt,
    });
    expect(renamed.status, renamed.text).toBe(200);
    await expectTotalsRight('stage renamed');
    expect((await crm.users.admin.delete(`${STAGES}/${doomed.id}?moveTo=proposal`)).status).toBe(204);
    await expectTotalsRight('stage deleted, its deals moved');

    // A write rolled back leaves the totals as they were.
    await crm.knex
      .transaction(async (trx) => {
        await trx.raw(`UPDATE deals SET value = value + 1000 WHERE stage = 'proposal'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectTotalsRight('rolled back');
  });
});
