import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { sendImport } from '../../contact-imports/__tests__/import-test-kit';
import { RENEWALS_PIPELINE, useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const sample = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/crm-exports/${name}`, import.meta.url));

const send = (client: TestClient, path: '' | '/preview', file: string | Buffer, fields: Record<string, string> = {}) =>
  sendImport(client, `/api/crm/deals/import${path}`, file, fields);

const dealsTitled = (titles: string[]) => crm.knex('deals').whereIn('title', titles).orderBy('id');

async function summary(client: TestClient, pipeline = 'default'): Promise<Record<string, number>> {
  const res = await client.get(`/api/crm/pipeline-stages/${pipeline}/summary`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.items as { stage: string; dealCount: number }[]).map((s) => [s.stage, s.dealCount]),
  );
}

const counts = async () => {
  const n = async (table: string) => Number((await crm.knex(table).count({ n: '*' }).first())!.n);
  return { deals: await n('deals'), contacts: await n('contacts'), companies: await n('companies') };
};

describe('POST /api/crm/deals/import', () => {
  it("imports Pipedrive's deals export with no mapping and no stage mapping: stages, won and lost, values, people, companies, board", async () => {
    const { admin, ids } = crm.users;
    const file = sample('pipedrive-deals.csv');
    const marina = (await admin.post('/api/crm/contacts', { name: 'Marina C.', email: 'MARINA@paoquente.com.br' }))
      .body;
    const padaria = (await admin.post('/api/crm/companies', { name: 'padaria pão  quente ltda' })).body;
    const earlier = (await admin.post('/api/crm/deals', { title: 'Já no funil', stage: 'proposal' })).body;
    const hook = await admin.post('/api/admin/webhooks', {
      url: 'http://127.0.0.1:1/hook',
      events: ['deal.created', 'deal.won', 'deal.lost'],
    });
    expect(hook.status, hook.text).toBe(201);
    const before = await summary(admin);

    const preview = await send(admin, '/preview', file);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      preset: 'pipedrive',
      pipeline: 'default',
      totalRows: 6,
      counts: { create: 6, rejected: 0, newContacts: 5, newCompanies: 5 },
    });
    expect(preview.body.mapping).toEqual({
      'Deal - Title': 'title',
      'Deal - Value': 'value',
      'Deal - Currency': 'currency',
      'Deal - Probability': 'probability',
      'Deal - Organization': 'company',
      'Deal - Contact person': 'contactName',
      'Person - Email': 'contactEmail',
      'Deal - Stage': 'stage',
      'Deal - Status': 'status',
      'Deal - Expected close date': 'expectedCloseDate',
      'Deal - Won time': 'wonAt',
      'Deal - Lost time': 'lostAt',
      'Deal - Lost reason': 'lostReason',
    });
    // The won and lost rows go by their status: their stage names place no row.
    expect(preview.body.stages).toEqual([
      { name: 'Qualified', rows: 1, stage: 'prospecting', matchedBy: 'preset' },
      { name: 'Contact Made', rows: 1, stage: 'qualification', matchedBy: 'preset' },
      { name: 'Proposal Made', rows: 1, stage: 'proposal', matchedBy: 'preset' },
      { name: 'Negotiations Started', rows: 1, stage: 'negotiation', matchedBy: 'preset' },
    ]);
    expect(preview.body.rows[0]).toEqual({
      rowNumber: 1,
      action: 'create',
      title: 'Implantação ERP - Padaria Pão Quente',
      value: '15000.00',
      stageName: 'Qualified',
      stage: 'prospecting',
      status: 'open',
      contactId: marina.id,
      contactName: 'Marina C.',
      companyId: padaria.id,
      companyName: 'padaria pão  quente ltda',
      reason: null,
    });
    expect(await dealsTitled(['Implantação ERP - Padaria Pão Quente'])).toEqual([]);

    const done = await send(admin, '', file);
    expect(done).toEqual({
      status: 200,
      body: { counts: { created: 6, rejected: 0, contactsCreated: 5, companiesCreated: 5 }, rejections: [] },
    });
    const titles = [
      'Implantação ERP - Padaria Pão Quente',
      'Consultoria fiscal - Ótica Visão',
      'Licenças anuais - Construtora Alvorada',
      'Renovação suporte - Clínica Sorriso',
      'Treinamento equipe - Mercado Bom Preço',
      'Migração de dados - Auto Peças Silva',
    ];
    const deals = await dealsTitled(titles);
    expect(
      deals.map((d) => [d.title, d.stage, d.value, d.probability, d.probabilityManual, d.lostReason, d.ownerId]),
    ).toEqual([
      [titles[0], 'prospecting', '15000.00', 10, false, null, ids.admin],
      [titles[1], 'qualification', '4500.50', 25, false, null, ids.admin],
      [titles[2], 'proposal', '32000.00', 60, true, null, ids.admin],
      [titles[3], 'negotiation', '8900.00', 80, true, null, ids.admin],
      [titles[4], 'won', '12000.00', 100, false, null, ids.admin],
      // "Preço alto" is the seeded reason's name: stored as the board stores it.
      [titles[5], 'lost', '7000.00', 0, false, 'price', ids.admin],
    ]);
    expect(deals[0].expectedCloseDate).toBe('2026-12-20');
    expect(deals.slice(0, 4).map((d) => d.closedAt)).toEqual([null, null, null, null]);
    expect(deals[4].closedAt.toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(deals[5].closedAt.toISOString()).toBe('2026-10-02T12:00:00.000Z');
    // At the end of their columns: after the deal already in "proposal".
    expect(Number(deals[2].position)).toBeGreaterThan(Number(earlier.position));
    // People: linked by e-mail (any case), else made, owned by the importer; companies by name, else made.
    expect(deals[0].contactId).toBe(marina.id);
    expect(deals[0].companyId).toBe(padaria.id);
    const carla = await crm.knex('contacts').where({ id: deals[5].contactId }).first();
    expect([carla.name, carla.email, carla.ownerId, carla.companyId]).toEqual([
      'Carla Silva',
      'carla@autopecassilva.com.br',
      ids.admin,
      deals[5].companyId,
    ]);
    expect((await crm.knex('companies').where({ id: deals[1].companyId }).first()).name).toBe('Ótica Visão');
    expect(await crm.knex('dealContacts').where({ dealId: deals[0].id })).toMatchObject([
      { contactId: marina.id, isPrimary: true },
    ]);
    // One 'created' entry per deal, as a create writes it: the webhooks hear deal.created, and deal.won / deal.lost.
    const entries = await crm
      .knex('crmTimeline')
      .where({ entityType: 'deal' })
      .whereIn(
        'entityId',
        deals.map((d) => d.id),
      )
      .select('entityId', 'action', 'userId');
    expect(entries.sort((a, b) => a.entityId - b.entityId)).toEqual(
      deals.map((d) => ({ entityId: d.id, action: 'created', userId: ids.admin })),
    );
    const events = await crm
      .knex('webhookEvents')
      .whereRaw(
        `(data->>'id')::int IN (${deals.map(() => '?').join(', ')})`,
        deals.map((d) => d.id),
      )
      .select('type', crm.knex.raw("(data->>'id')::int AS id"));
    const typesOf = (id: number) =>
      events
        .filter((e) => e.id === id)
        .map((e) => e.type)
        .sort();
    expect(typesOf(deals[0].id)).toEqual(['deal.created']);
    expect(typesOf(deals[4].id)).toEqual(['deal.created', 'deal.won']);
    expect(typesOf(deals[5].id)).toEqual(['deal.created', 'deal.lost']);
    expect((await admin.patch(`/api/admin/webhooks/${hook.body.id}`, { active: false })).status).toBe(200);
    // The board's column totals count them.
    const after = await summary(admin);
    for (const stage of ['prospecting', 'qualification', 'proposal', 'negotiation', 'won', 'lost'])
      expect(after[stage], stage).toBe((before[stage] ?? 0) + 1);
  });

  it.each([
    ['hubspot-deals.csv', 'hubspot', 'Aguardando assinatura', 7],
    ['rdstation-negociacoes.csv', 'rdstation', 'Aguardando jurídico', 6],
    ['agendor-negocios.csv', 'agendor', 'Visita técnica', 6],
  ])(
    '%s: recognised, mapped with no hand work but its one unknown stage, refused until that is mapped, then imported',
    async (name, preset, unknown, rows) => {
      const { admin } = crm.users;
      const file = sample(name);
      const preview = await send(admin, '/preview', file);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body).toMatchObject({ preset, totalRows: rows, counts: { create: rows, rejected: 0 } });
      const lines = preview.body.stages as { name: string; stage: string | null; matchedBy: string | null }[];
      expect(lines.filter((line) => line.stage === null)).toEqual([
        { name: unknown, rows: 1, stage: null, matchedBy: null },
      ]);
      expect(lines.every((line) => line.name === unknown || line.matchedBy !== 'mapping')).toBe(true);

      const before = await counts();
      const refused = await send(admin, '', file);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual([
        expect.objectContaining({ path: `stageMapping.${unknown}`, type: 'import.stage' }),
      ]);
      expect(await counts()).toEqual(before);

      const stageMapping = JSON.stringify({ [unknown]: 'negotiation' });
      const mapped = await send(admin, '/preview', file, { stageMapping });
      expect(mapped.body.stages.find((line: { name: string }) => line.name === unknown)).toEqual({
        name: unknown,
        rows: 1,
        stage: 'negotiation',
        matchedBy: 'mapping',
      });
      const done = await send(admin, '', file, { stageMapping });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.counts).toMatchObject({ created: rows, rejected: 0 });
      expect((await counts()).deals).toBe(before.deals + rows);
    },
  );

  it('reads each CRM\'s words: decimal comma, dd/MM/yyyy, "Vendida", "Closed Won", lost reasons by name or as free text', async () => {
    const deal = async (title: string) => (await dealsTitled([title]))[0];
    // Imported by the test above.
    expect(await deal('Consultoria RH - Grupo Unir')).toMatchObject({
      stage: 'qualification',
      value: '8750.50',
      expectedCloseDate: '2027-01-15',
    });
    const rdWon = await deal('Licença CRM - Escritório Lemos');
    expect([rdWon.stage, rdWon.closedAt.toISOString()]).toEqual(['won', '2026-11-10T12:00:00.000Z']);
    expect(await deal('Auditoria - Cooperativa Campo')).toMatchObject({ stage: 'lost', lostReason: 'competitor' });
    // HubSpot's Close Date is the close of a closed deal; its probability a fraction.
    const hsWon = await deal('E-commerce - Moda Bella');
    expect([hsWon.stage, hsWon.closedAt.toISOString()]).toEqual(['won', '2026-11-20T12:00:00.000Z']);
    // A closed deal takes its stage's probability, whatever the file says ("1" in HubSpot's).
    expect([hsWon.probability, hsWon.probabilityManual]).toEqual([100, false]);
    expect(await deal('App de pedidos - Pizzaria Napoli')).toMatchObject({
      stage: 'qualification',
      value: '18000.50',
      probability: 40,
    });
    // No reason in the file: "other".
    expect(await deal('Chatbot - Imobiliária Lar')).toMatchObject({ stage: 'lost', lostReason: 'other' });
    const hsContact = await crm.knex('contacts').where({ email: 'rafael@cafearoma.com.br' }).first();
    expect(hsContact.name).toBe('Rafael Souza');
    expect(await deal('Software de reservas - Hotel Mar Azul')).toMatchObject({
      stage: 'lost',
      lostReason: 'no_budget',
      notes: 'Retomar em 2027',
    });
    expect(await deal('Climatização - Colégio Aurora')).toMatchObject({ stage: 'negotiation', value: '27500.00' });
  });

  it('refuses bad rows with their reasons and writes only the good ones, in file order at the end of their column', async () => {
    const { developer } = crm.users;
    const text =
      'Título;Valor;Etapa;Status;Previsão de fechamento;Probabilidade;Motivo de perda\n' +
      'Bad Row Um;1.000,00;Proposta;Em andamento;;;\n' +
      ';500;Proposta;;;;\n' +
      'Bad Row Valor;mil reais;Proposta;;;;\n' +
      'Bad Row Data;10;Proposta;;31/02/2026;;\n' +
      'Bad Row Status;10;Proposta;Talvez;;;\n' +
      'Bad Row Chance;10;Proposta;;;150;\n' +
      'Bad Row Lost;10;Proposta;Perdido;;;Motivo próprio\n' +
      'Bad Row Dois;2500.5;PROPOSTA;;;;\n';
    const before = await counts();
    const done = await send(developer, '', text);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({
      counts: { created: 3, rejected: 5, contactsCreated: 0, companiesCreated: 0 },
      rejections: [
        { rowNumber: 2, reason: 'title: required' },
        { rowNumber: 3, reason: expect.stringMatching(/^value: must be an amount/) },
        { rowNumber: 4, reason: 'expectedCloseDate: must be a date (dd/MM/yyyy or yyyy-MM-dd)' },
        { rowNumber: 5, reason: 'status: "Talvez" is not open, won or lost' },
        { rowNumber: 6, reason: 'probability: must be a percent from 0 to 100' },
      ],
    });
    expect(await counts()).toEqual({ ...before, deals: before.deals + 3 });
    const made = await dealsTitled(['Bad Row Um', 'Bad Row Lost', 'Bad Row Dois']);
    expect(made.map((d) => [d.title, d.stage, d.value, d.lostReason])).toEqual([
      ['Bad Row Um', 'proposal', '1000.00', null],
      // A reason no offered one names is kept as free text, as "other" keeps it.
      ['Bad Row Lost', 'lost', '10.00', 'Motivo próprio'],
      ['Bad Row Dois', 'proposal', '2500.50', null],
    ]);
    expect(Number(made[2].position)).toBeGreaterThan(Number(made[0].position));
    const last = await crm.knex('deals').where({ pipeline: 'default', stage: 'proposal' }).max('position as p').first();
    expect(Number(made[2].position)).toBe(Number(last!.p));
  });

  it('refuses a bad request naming the field: a stage mapping outside the pipeline, an unknown pipeline, no title column', async () => {
    const { admin } = crm.users;
    const file = sample('agendor-negocios.csv');
    const before = await counts();
    const cases: [Record<string, string>, string][] = [
      [{ stageMapping: JSON.stringify({ 'Visita técnica': 'Nope' }) }, 'stageMapping.Visita técnica'],
      [{ stageMapping: '{oops' }, 'stageMapping'],
      [{ pipeline: 'no-such-pipeline' }, 'pipeline'],
      [{ mapping: JSON.stringify({ Etapa: 'stage' }) }, 'mapping'],
      [{ mapping: JSON.stringify({ Nada: 'title' }) }, 'mapping.Nada'],
    ];
    for (const [fields, path] of cases)
      for (const route of ['', '/preview'] as const) {
        const res = await send(admin, route, file, fields);
        expect(res.status, `${route} ${path}`).toBe(400);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
      }
    expect(await counts()).toEqual(before);
  });

  it('imports into another pipeline: stages by name there, won and lost by kind whatever they are called', async () => {
    const { admin } = crm.users;
    expect((await admin.post('/api/crm/pipelines', RENEWALS_PIPELINE)).status).toBe(201);
    const text =
      'Deal - Title,Deal - Stage,Deal - Status,Deal - Value,Deal - Lost reason\n' +
      'Renewal Open,aberta,Open,100,\n' +
      'Renewal Won,Proposal Made,Won,200,\n' +
      'Renewal Lost,Negotiations Started,Lost,300,No budget\n' +
      'Renewal Mapped,Proposal Made,Open,400,\n';
    const preview = await send(admin, '/preview', text, { pipeline: 'renewals' });
    expect(preview.body.stages).toEqual([
      { name: 'aberta', rows: 1, stage: 'Aberta', matchedBy: 'name' },
      // Renovações has no proposal stage: the person chooses.
      { name: 'Proposal Made', rows: 1, stage: null, matchedBy: null },
    ]);
    const done = await send(admin, '', text, {
      pipeline: 'renewals',
      stageMapping: JSON.stringify({ 'Proposal Made': 'Aberta' }),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const deals = await dealsTitled(['Renewal Open', 'Renewal Won', 'Renewal Lost', 'Renewal Mapped']);
    expect(deals.map((d) => [d.title, d.pipeline, d.stage, d.lostReason])).toEqual([
      ['Renewal Open', 'renewals', 'Aberta', null],
      ['Renewal Won', 'renewals', 'Fechado', null],
      ['Renewal Lost', 'renewals', 'Perdido', 'no_budget'],
      ['Renewal Mapped', 'renewals', 'Aberta', null],
    ]);
    expect(await summary(admin, 'renewals')).toEqual({ Aberta: 2, Fechado: 1, Perdido: 1 });
  });

  it('an employee imports deals for themself only; an admin gives them to one chosen person', async () => {
    const { admin, employee, ids } = crm.users;
    const text = 'Título,Etapa,Pessoa\nEmployee Deal,Proposta,Pessoa Nova do Funcionário\n';
    const forbidden = await send(employee, '', text, { ownerId: String(ids.other) });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.details).toEqual([expect.objectContaining({ path: 'ownerId' })]);
    expect(await dealsTitled(['Employee Deal'])).toEqual([]);
    expect((await send(employee, '', text)).body.counts).toMatchObject({ created: 1, contactsCreated: 1 });
    const [mine] = await dealsTitled(['Employee Deal']);
    expect([mine.ownerId, mine.createdBy]).toEqual([ids.employee, ids.employee]);
    expect((await crm.knex('contacts').where({ id: mine.contactId }).first()).ownerId).toBe(ids.employee);

    const given = await send(admin, '', 'Título\nGiven Deal\n', { ownerId: String(ids.employee) });
    expect(given.status).toBe(200);
    expect((await dealsTitled(['Given Deal']))[0]).toMatchObject({ ownerId: ids.employee, createdBy: ids.admin });
    expect((await send(admin, '/preview', 'Título\nX\n', { ownerId: '999999' })).body.error.details).toEqual([
      expect.objectContaining({ path: 'ownerId' }),
    ]);
    expect((await crm.server.client().post('/api/crm/deals/import', {})).status).toBe(401);
  });
});
