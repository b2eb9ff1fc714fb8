import { describe, expect, it } from 'vitest';
import { uniqueName, type TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const STAGES = '/api/crm/pipeline-stages/default';
type Stage = { id: number; stage: string; kind: string; order: number; updatedAt: string };
type Reason = { id: number; key: string; label: string | null; order: number; active: boolean; updatedAt: string };

const stages = async (): Promise<Stage[]> => (await crm.users.employee.get(STAGES)).body.items;
const stageNamed = async (name: string) => (await stages()).find((s) => s.stage === name)!;
const addStage = async (fields: Record<string, unknown>) => {
  const res = await crm.users.admin.post(STAGES, fields);
  expect(res.status, res.text).toBe(201);
  return res.body as Stage;
};
const createDeal = async (stage: string, extra: Record<string, unknown> = {}) => {
  const res = await crm.users.employee.post('/api/crm/deals', { title: uniqueName('deal'), stage, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; stage: string; position: number; updatedAt: string };
};
const dealsIn = async (stage: string) =>
  (
    await crm.users.employee.get(
      `/api/crm/deals?pipeline=default&stage=${encodeURIComponent(stage)}&order=position&limit=200`,
    )
  ).body.items as { id: number; lostReason: string | null }[];
const reasons = async (includeRetired = false): Promise<Reason[]> =>
  (await crm.users.employee.get(`/api/crm/lost-reasons${includeRetired ? '?includeRetired=true' : ''}`)).body.items;
const fieldOf = (res: { body: { error: { details?: { path: string }[] } } }) => res.body.error.details?.[0]?.path;

describe('pipeline stage settings', () => {
  it('renames a stage and moves its deals with it (not counted as a change of theirs); their history keeps the old name', async () => {
    const stage = await addStage({ stage: uniqueName('rename') });
    const deal = await createDeal(stage.stage);
    const renamed = await crm.users.admin.patch(`${STAGES}/${stage.id}`, {
      stage: `${stage.stage} v2`,
      color: '#0F766E',
      probability: 35,
      staleDays: 9,
      updatedAt: stage.updatedAt,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ stage: `${stage.stage} v2`, color: '#0F766E', probability: 35, staleDays: 9 });
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body).toMatchObject({
      stage: `${stage.stage} v2`,
      updatedAt: deal.updatedAt,
    });
    expect(
      (await crm.users.employee.get(`/api/crm/deals?pipeline=default&stage=${encodeURIComponent(stage.stage)}`)).body
        .items,
    ).toEqual([]);
    const history = (await crm.users.employee.get(`/api/crm/deals/${deal.id}/timeline`)).body.items;
    expect(history).toHaveLength(1);
    expect(history[0].action).toBe('created');

    // The version read before the rename is stale now: nothing is written, the current row comes back.
    const stale = await crm.users.admin.patch(`${STAGES}/${stage.id}`, {
      color: '#000000',
      updatedAt: stage.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'RESOURCE.CONFLICT', details: { current: { color: '#0F766E' } } });
    expect((await stageNamed(`${stage.stage} v2`)).id).toBe(stage.id);
  });

  it('keeps names unique per pipeline whatever the case, and names the field of bad input', async () => {
    const stage = await addStage({ stage: uniqueName('unique') });
    for (const name of ['PROPOSAL', ' Won ']) {
      const taken = await crm.users.admin.patch(`${STAGES}/${stage.id}`, { stage: name });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({ code: 'STAGE.NAME_TAKEN', details: [{ path: 'stage' }] });
    }
    expect((await crm.users.admin.post(STAGES, { stage: stage.stage.toUpperCase() })).body.error.code).toBe(
      'STAGE.NAME_TAKEN',
    );
    // The same name in another case on the stage itself is a rename, not a clash.
    expect((await crm.users.admin.patch(`${STAGES}/${stage.id}`, { stage: stage.stage.toUpperCase() })).status).toBe(
      200,
    );
    const bad: [Record<string, unknown>, string][] = [
      [{ probability: 101 }, 'probability'],
      [{ probability: -1 }, 'probability'],
      [{ color: 'red' }, 'color'],
      [{ staleDays: 0 }, 'staleDays'],
      [{ staleDays: 366 }, 'staleDays'],
      [{ stage: '  ' }, 'stage'],
      [{ stage: 'x'.repeat(61) }, 'stage'],
      [{ kind: 'paused' }, 'kind'],
      [{ updatedAt: 'yesterday' }, 'updatedAt'],
      [{ pipeline: 'other' }, 'pipeline'],
    ];
    for (const [body, field] of bad) {
      const res = await crm.users.admin.patch(`${STAGES}/${stage.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res), JSON.stringify(body)).toBe(field);
    }
    expect((await stageNamed(stage.stage.toUpperCase())).order).toBe(stage.order);
  });

  it('refuses to delete a stage holding deals (409 with the count), then moves them to a stage of the same kind and deletes it in one transaction', async () => {
    const doomed = await addStage({ stage: uniqueName('doomed') });
    const target = await addStage({ stage: uniqueName('target') });
    const existing = await createDeal(target.stage);
    const moving = [await createDeal(doomed.stage), await createDeal(doomed.stage)];

    const refused = await crm.users.admin.delete(`${STAGES}/${doomed.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'STAGE.IN_USE', details: { deals: 2 } });
    for (const [moveTo, why] of [
      ['nowhere', 'unknown'],
      [doomed.stage, 'itself'],
      ['won', 'another kind'],
    ]) {
      const res = await crm.users.admin.delete(`${STAGES}/${doomed.id}?moveTo=${encodeURIComponent(moveTo)}`);
      expect(res.status, why).toBe(400);
      expect(fieldOf(res), why).toBe('moveTo');
    }

    // A failure after the move (here: the delete itself) undoes the move too.
    await crm.knex.raw(
      `CREATE FUNCTION test_refuse_stage_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await crm.knex.raw(
      'CREATE TRIGGER test_refuse_stage_delete BEFORE DELETE ON pipeline_stages FOR EACH ROW EXECUTE FUNCTION test_refuse_stage_delete()',
    );
    try {
      expect(
        (await crm.users.admin.delete(`${STAGES}/${doomed.id}?moveTo=${encodeURIComponent(target.stage)}`)).status,
      ).toBe(500);
    } finally {
      await crm.knex.raw('DROP TRIGGER test_refuse_stage_delete ON pipeline_stages');
      await crm.knex.raw('DROP FUNCTION test_refuse_stage_delete()');
    }
    expect((await dealsIn(doomed.stage)).map((d) => d.id)).toEqual(moving.map((d) => d.id));
    expect((await dealsIn(target.stage)).map((d) => d.id)).toEqual([existing.id]);

    const done = await crm.users.admin.delete(`${STAGES}/${doomed.id}?moveTo=${encodeURIComponent(target.stage)}`);
    expect(done.status, done.text).toBe(204);
    expect((await stages()).some((s) => s.id === doomed.id)).toBe(false);
    // After the column's own cards, in their former order, each move in the deal's history by the admin.
    expect((await dealsIn(target.stage)).map((d) => d.id)).toEqual([existing.id, ...moving.map((d) => d.id)]);
    const history = (await crm.users.employee.get(`/api/crm/deals/${moving[0]!.id}/timeline`)).body.items;
    expect(history[0]).toMatchObject({
      action: 'updated',
      changes: [{ field: 'stage', oldValue: doomed.stage, newValue: target.stage }],
    });
    expect((await crm.users.admin.delete(`${STAGES}/${doomed.id}`)).status).toBe(404);
  });

  it('keeps an open, a won and a lost stage on the board, an open one first, and changes a kind only on an empty stage', async () => {
    const won = await stageNamed('won');
    const lost = await stageNamed('lost');
    for (const stage of [won, lost]) {
      const res = await crm.users.admin.delete(`${STAGES}/${stage.id}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'STAGE.LAST_OF_KIND', details: { kind: stage.kind } });
    }
    expect((await crm.users.admin.patch(`${STAGES}/${won.id}`, { kind: 'open' })).body.error.code).toBe(
      'STAGE.LAST_OF_KIND',
    );
    const ids = (await stages()).map((s) => s.id);
    const wonFirst = await crm.users.admin.request('PUT', `${STAGES}/order`, {
      stageIds: [won.id, ...ids.filter((id) => id !== won.id)],
    });
    expect(wonFirst.status).toBe(400);
    expect(fieldOf(wonFirst)).toBe('stageIds');

    const extra = await addStage({ stage: uniqueName('also won'), kind: 'won' });
    await createDeal(extra.stage);
    expect((await crm.users.admin.patch(`${STAGES}/${extra.id}`, { kind: 'open' })).body.error).toMatchObject({
      code: 'STAGE.IN_USE',
      details: { deals: 1 },
    });
    // A second won stage: the first one may go now, its deals moved to the other.
    expect((await crm.users.admin.delete(`${STAGES}/${extra.id}?moveTo=won`)).status).toBe(204);
    expect((await stages()).map((s) => s.id)).toEqual(ids);
  });

  it('lets only admins change stages', async () => {
    const stage = await addStage({ stage: uniqueName('roles') });
    for (const client of [crm.users.employee, crm.users.developer]) {
      expect((await client.post(STAGES, { stage: uniqueName('x') })).status).toBe(403);
      expect((await client.patch(`${STAGES}/${stage.id}`, { stage: 'mine now' })).status).toBe(403);
      expect(
        (await client.request('PUT', `${STAGES}/order`, { stageIds: (await stages()).map((s) => s.id).reverse() }))
          .status,
      ).toBe(403);
      expect((await client.delete(`${STAGES}/${stage.id}`)).status).toBe(403);
    }
    expect((await stageNamed(stage.stage)).order).toBe(stage.order);
  });
});

describe('lost reason settings', () => {
  const admin = (): TestClient => crm.users.admin;

  it('adds, renames, reorders, retires and restores; the board offers the active ones in order; lost deals keep theirs', async () => {
    const added = await admin().post('/api/crm/lost-reasons', { label: 'Went with a spreadsheet' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ label: 'Went with a spreadsheet', active: true });
    expect((await reasons()).at(-1)!.id).toBe(added.body.id);

    const deal = await createDeal('lost', { lostReason: 'Went with a spreadsheet' });
    const renamed = await admin().patch(`/api/crm/lost-reasons/${added.body.id}`, {
      label: 'Kept their spreadsheet',
      updatedAt: added.body.updatedAt,
    });
    expect(renamed.body.label).toBe('Kept their spreadsheet');
    expect(
      (
        await admin().patch(`/api/crm/lost-reasons/${added.body.id}`, {
          label: 'Stale',
          updatedAt: added.body.updatedAt,
        })
      ).body.error.code,
    ).toBe('RESOURCE.CONFLICT');

    const ids = (await reasons()).map((r) => r.id);
    const reordered = await admin().request('PUT', '/api/crm/lost-reasons/order', {
      reasonIds: [added.body.id, ...ids.filter((id) => id !== added.body.id)],
    });
    expect(reordered.status, reordered.text).toBe(200);
    expect((await reasons())[0]!.label).toBe('Kept their spreadsheet');

    const retired = await admin().patch(`/api/crm/lost-reasons/${added.body.id}`, { active: false });
    expect(retired.body.active).toBe(false);
    expect((await reasons()).map((r) => r.id)).not.toContain(added.body.id);
    expect((await reasons(true)).at(-1)).toMatchObject({ id: added.body.id, active: false });
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body.lostReason).toBe('Went with a spreadsheet');
    // Reordering names the offered reasons only.
    expect(fieldOf(await admin().request('PUT', '/api/crm/lost-reasons/order', { reasonIds: ids }))).toBe('reasonIds');

    expect((await admin().patch(`/api/crm/lost-reasons/${added.body.id}`, { active: true })).body.active).toBe(true);
    expect((await reasons())[0]!.id).toBe(added.body.id);
  });

  it('refuses duplicates whatever the case, renaming "other", bad input, retiring the last offered reason, and non-admins', async () => {
    await admin().post('/api/crm/lost-reasons', { label: 'Bought elsewhere' });
    const dup = await admin().post('/api/crm/lost-reasons', { label: ' BOUGHT ELSEWHERE ' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'LOST_REASON.NAME_TAKEN', details: [{ path: 'label' }] });
    const all = await reasons();
    const other = all.find((r) => r.key === 'other')!;
    expect(fieldOf(await admin().patch(`/api/crm/lost-reasons/${other.id}`, { label: 'Something else' }))).toBe(
      'label',
    );
    for (const body of [{ label: '' }, { label: 'x'.repeat(81) }, {}, { active: 'no' }, { key: 'price' }]) {
      expect((await admin().patch(`/api/crm/lost-reasons/${other.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin().patch('/api/crm/lost-reasons/999999', { active: false })).body.error.code).toBe(
      'LOST_REASON.NOT_FOUND',
    );
    for (const client of [crm.users.employee, crm.users.developer]) {
      expect((await client.post('/api/crm/lost-reasons', { label: 'Mine' })).status).toBe(403);
      expect((await client.patch(`/api/crm/lost-reasons/${other.id}`, { active: false })).status).toBe(403);
      expect(
        (await client.request('PUT', '/api/crm/lost-reasons/order', { reasonIds: all.map((r) => r.id) })).status,
      ).toBe(403);
    }

    const [keep, ...rest] = all;
    for (const reason of rest)
      expect((await admin().patch(`/api/crm/lost-reasons/${reason.id}`, { active: false })).status).toBe(200);
    const last = await admin().patch(`/api/crm/lost-reasons/${keep!.id}`, { active: false });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('LOST_REASON.LAST_ACTIVE');
    for (const reason of rest) await admin().patch(`/api/crm/lost-reasons/${reason.id}`, { active: true });
    expect((await reasons()).map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());
  });
});
