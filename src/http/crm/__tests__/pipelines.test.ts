import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

// Several pipelines (issue 27): /api/crm/pipelines, moving a deal across pipelines, and what holds a pipeline back.
const crm = useCrmServer();

const RENEWALS = [
  { stage: 'Renovar', probability: 40 },
  { stage: 'Fechado', kind: 'won', probability: 100 },
  { stage: 'Cancelado', kind: 'lost' },
];

/** A pipeline with the renewals' stages, or with the seeded ones (`stages` null: none sent). */
async function createPipeline(key: string, name: string, stages: unknown[] | null = RENEWALS) {
  const res = await crm.users.admin.post('/api/crm/pipelines', { key, name, ...(stages && { stages }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { key: string; name: string; position: number; archived: boolean; updatedAt: string };
}

const summaryOf = async (pipeline: string) =>
  Object.fromEntries(
    (await crm.users.employee.get(`/api/crm/pipeline-stages/${pipeline}/summary`)).body.items.map(
      (s: { stage: string; dealCount: number; valueSum: string }) => [s.stage, `${s.dealCount} ${s.valueSum}`],
    ),
  );

describe('/api/crm/pipelines', () => {
  it('lists the default pipeline first; an admin adds one with its stages (the seeded ones unless given)', async () => {
    const before = (await crm.users.employee.get('/api/crm/pipelines')).body.items;
    expect(before[0]).toMatchObject({ key: 'default', name: null, position: 1, archived: false });

    const products = await createPipeline('products', 'Produtos', null);
    expect(products).toMatchObject({ key: 'products', name: 'Produtos', position: before.length + 1, archived: false });
    const stages = (await crm.users.employee.get('/api/crm/pipeline-stages/products')).body.items;
    expect(stages.map((s: { stage: string; kind: string }) => `${s.stage}:${s.kind}`)).toEqual([
      'prospecting:open',
      'qualification:open',
      'proposal:open',
      'negotiation:open',
      'won:won',
      'lost:lost',
    ]);
    expect((await crm.users.developer.get('/api/crm/pipelines/products')).body.name).toBe('Produtos');
    expect((await crm.users.employee.get('/api/crm/pipelines/nope')).body.error.code).toBe('PIPELINE.NOT_FOUND');
  });

  it('is written by admins only', async () => {
    for (const client of [crm.users.employee, crm.users.developer]) {
      expect((await client.post('/api/crm/pipelines', { key: 'mine', name: 'Mine' })).status).toBe(403);
      expect((await client.patch('/api/crm/pipelines/default', { name: 'Mine' })).status).toBe(403);
      expect((await client.delete('/api/crm/pipelines/default')).status).toBe(403);
    }
    expect((await crm.users.employee.get('/api/crm/pipelines?includeArchived=true')).status).toBe(200);
  });

  it('refuses a bad key, a taken key or name, and stages without an open one first or one of each kind, naming the field; nothing is made', async () => {
    await createPipeline('services', 'Serviços');
    const bad: [unknown, string, string?][] = [
      [{ key: 'Has Spaces', name: 'X' }, 'key'],
      [{ key: '-dash', name: 'X' }, 'key'],
      [{ key: 'x'.repeat(41), name: 'X' }, 'key'],
      [{ name: 'No key' }, 'key'],
      [{ key: 'nameless' }, 'name'],
      [{ key: 'blank', name: '  ' }, 'name'],
      [{ key: 'services', name: 'Other' }, 'key', 'PIPELINE.KEY_TAKEN'],
      [{ key: 'other', name: 'SERVIÇOS' }, 'name', 'PIPELINE.NAME_TAKEN'],
      [{ key: 'nostages', name: 'No stages', stages: [] }, 'stages'],
      [{ key: 'badstage', name: 'Bad stage', stages: [{ stage: 'A', kind: 'paused' }] }, 'stages.0.kind'],
      [
        { key: 'wonfirst', name: 'Won first', stages: [RENEWALS[1], RENEWALS[0], RENEWALS[2]] },
        'stages',
        'REQUEST.VALIDATION_FAILED',
      ],
      [{ key: 'twice', name: 'Twice', stages: [...RENEWALS, { stage: 'renovar' }] }, 'stage', 'STAGE.NAME_TAKEN'],
    ];
    for (const [body, field, code] of bad) {
      const res = await crm.users.admin.post('/api/crm/pipelines', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body.error.details?.[0]?.path, JSON.stringify(body)).toBe(field);
      if (code) expect(res.body.error.code, JSON.stringify(body)).toBe(code);
    }
    const noLost = await crm.users.admin.post('/api/crm/pipelines', {
      key: 'nolost',
      name: 'No lost',
      stages: RENEWALS.slice(0, 2),
    });
    expect(noLost.status).toBe(409);
    expect(noLost.body.error).toMatchObject({ code: 'STAGE.LAST_OF_KIND', details: { kind: 'lost' } });
    const keys = (await crm.users.admin.get('/api/crm/pipelines?includeArchived=true')).body.items.map(
      (p: { key: string }) => p.key,
    );
    for (const key of ['nolost', 'twice', 'wonfirst', 'other', 'nostages']) expect(keys).not.toContain(key);
    expect(await crm.knex('pipelineStages').whereIn('pipeline', ['nolost', 'twice', 'wonfirst'])).toEqual([]);
  });

  it('renames, moves in the switcher and archives (hidden from the list, shown when asked); a stale edit is 409', async () => {
    const a = await createPipeline('order-a', 'Ordem A');
    const b = await createPipeline('order-b', 'Ordem B');
    const moved = await crm.users.admin.patch('/api/crm/pipelines/order-b', { position: 1, updatedAt: b.updatedAt });
    expect(moved.status).toBe(200);
    expect(moved.body.position).toBe(1);
    const order = (await crm.users.employee.get('/api/crm/pipelines')).body.items.map((p: { key: string }) => p.key);
    expect(order[0]).toBe('order-b');
    expect(order[1]).toBe('default');
    expect(order.indexOf('order-a')).toBeGreaterThan(1);
    // Its neighbours' positions moved, not their versions: an edit made on what they read still goes through.
    const renamed = await crm.users.admin.patch('/api/crm/pipelines/order-a', {
      name: 'Ordem Á',
      updatedAt: a.updatedAt,
    });
    expect(renamed.status).toBe(200);
    const stale = await crm.users.admin.patch('/api/crm/pipelines/order-a', { name: 'Outra', updatedAt: a.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('RESOURCE.CONFLICT');

    const archived = await crm.users.admin.patch('/api/crm/pipelines/order-a', { archived: true });
    expect(archived.body.archived).toBe(true);
    const shown = (await crm.users.employee.get('/api/crm/pipelines')).body.items.map((p: { key: string }) => p.key);
    expect(shown).not.toContain('order-a');
    const all = (await crm.users.employee.get('/api/crm/pipelines?includeArchived=true')).body.items;
    expect(all.find((p: { key: string }) => p.key === 'order-a')).toMatchObject({ archived: true, name: 'Ordem Á' });

    const keepDefault = await crm.users.admin.patch('/api/crm/pipelines/default', { archived: true });
    expect(keepDefault.status).toBe(409);
    expect(keepDefault.body.error.code).toBe('PIPELINE.DEFAULT');
    const nothing = await crm.users.admin.patch('/api/crm/pipelines/default', {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.details[0].message).toBe('Send name, position or archived');
    expect((await crm.users.admin.patch('/api/crm/pipelines/nope', { name: 'X' })).status).toBe(404);
  });

  it('moves a deal to another pipeline with one timeline entry; both boards’ figures follow; a renamed won stage still wins', async () => {
    await createPipeline('renewals', 'Renovações');
    const deal = (
      await crm.users.employee.post('/api/crm/deals', { title: 'Contrato anual', value: '1200.00', stage: 'proposal' })
    ).body;
    const before = await summaryOf('default');

    const moved = await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, {
      pipeline: 'renewals',
      stage: 'Renovar',
      updatedAt: deal.updatedAt,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ pipeline: 'renewals', stage: 'Renovar', probability: 40, closedAt: null });
    const entries = await crm.knex('crmTimeline').where({ entityType: 'deal', entityId: deal.id }).orderBy('id');
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(entries[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'pipeline', oldValue: 'default', newValue: 'renewals' },
        { field: 'stage', oldValue: 'proposal', newValue: 'Renovar' },
      ]),
    );
    const after = await summaryOf('default');
    const [count, sum] = before.proposal.split(' ');
    expect(after.proposal).toBe(`${Number(count) - 1} ${(Number(sum) - 1200).toFixed(2)}`);
    expect((await summaryOf('renewals')).Renovar).toBe('1 1200.00');
    const listed = (await crm.users.employee.get('/api/crm/deals?pipeline=renewals')).body.items;
    expect(listed.map((d: { id: number }) => d.id)).toEqual([deal.id]);

    // Won by the stage's kind, whatever its name.
    const wonStage = (await crm.users.employee.get('/api/crm/pipeline-stages/renewals')).body.items[1];
    await crm.users.admin.patch(`/api/crm/pipeline-stages/renewals/${wonStage.id}`, { stage: 'Renovado' });
    const won = await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, { stage: 'Renovado' });
    expect(won.status).toBe(200);
    expect(won.body.closedAt).not.toBeNull();

    // A stage of another pipeline, an unknown pipeline, an archived one: 400 naming the field, nothing moves.
    for (const [body, field] of [
      [{ pipeline: 'renewals', stage: 'proposal' }, 'stage'],
      [{ pipeline: 'nowhere', stage: 'Renovar' }, 'pipeline'],
      [{ pipeline: 'Not A Key!', stage: 'Renovar' }, 'pipeline'],
    ] as const) {
      const res = await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details[0].path, JSON.stringify(body)).toBe(field);
    }
    await createPipeline('closed-line', 'Linha encerrada');
    await crm.users.admin.patch('/api/crm/pipelines/closed-line', { archived: true });
    const intoArchived = await crm.users.employee.post(`/api/crm/deals/${deal.id}/move`, {
      pipeline: 'closed-line',
      stage: 'Renovar',
    });
    expect(intoArchived.status).toBe(400);
    expect(intoArchived.body.error).toMatchObject({ code: 'PIPELINE.ARCHIVED', details: [{ path: 'pipeline' }] });
    const created = await crm.users.employee.post('/api/crm/deals', { title: 'Novo', pipeline: 'closed-line' });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('PIPELINE.ARCHIVED');
    expect((await crm.users.employee.get(`/api/crm/deals/${deal.id}`)).body).toMatchObject({
      pipeline: 'renewals',
      stage: 'Renovado',
    });
  });

  it('refuses to delete a pipeline that holds deals (409 with their count) or the default one; an empty one goes with its stages', async () => {
    await createPipeline('held', 'Com negócios');
    for (const title of ['Um', 'Dois'])
      expect((await crm.users.employee.post('/api/crm/deals', { title, pipeline: 'held' })).status).toBe(201);
    const held = await crm.users.admin.delete('/api/crm/pipelines/held');
    expect(held.status).toBe(409);
    expect(held.body.error).toMatchObject({ code: 'PIPELINE.HAS_DEALS', details: { deals: 2 } });
    expect((await crm.users.employee.get('/api/crm/pipelines/held')).status).toBe(200);
    const keepDefault = await crm.users.admin.delete('/api/crm/pipelines/default');
    expect(keepDefault.status).toBe(409);
    expect(keepDefault.body.error.code).toBe('PIPELINE.DEFAULT');

    await createPipeline('empty', 'Vazio');
    expect((await crm.users.admin.delete('/api/crm/pipelines/empty')).status).toBe(204);
    expect((await crm.users.employee.get('/api/crm/pipelines/empty')).status).toBe(404);
    expect(await crm.knex('pipelineStages').where({ pipeline: 'empty' })).toEqual([]);
    const positions = (await crm.users.employee.get('/api/crm/pipelines?includeArchived=true')).body.items.map(
      (p: { position: number }) => p.position,
    );
    expect(positions).toEqual(positions.map((_: number, i: number) => i + 1));
    expect((await crm.users.admin.delete('/api/crm/pipelines/empty')).status).toBe(404);
  });
});
